/**
 * The bridge over HTTP on 127.0.0.1 (browser mode): POST /bridge/<method> with the per-launch key, and
 * Server-Sent Events for the core's pushes. Errors come back as envelopes, never as throws.
 */
import type {
  BridgeEnvelope, BridgeEventName, BridgeEvents, BridgeInput, BridgeMethod, BridgeResult, BridgeTransport, UploadBody,
} from '../../shared/bridge/contract';
import { UPLOAD_PATH } from '../../shared/bridge/names';
import type { UploadReceiptDto } from '../../shared/bridge/types';

export interface HttpTransportOptions {
  baseUrl: string;
  /** The per-launch key, or how to read it at each call (a new address pasted into the tab brings a new one). */
  key: string | (() => string);
  fetch: typeof fetch;
  openEvents: (url: string) => EventSource;
}

const unreachable = (message: string): BridgeEnvelope<never> => ({ ok: false, error: { code: 'INTERNAL', message, reason: 'CORE_UNREACHABLE' } });

function isEnvelope(body: unknown): body is BridgeEnvelope<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.ok === true ? 'value' in b : b.ok === false && typeof b.error === 'object' && b.error !== null;
}

export function createHttpTransport(opts: HttpTransportOptions): BridgeTransport {
  let events: EventSource | null = null;
  const base = opts.baseUrl.replace(/\/$/, '');
  const key = typeof opts.key === 'function' ? opts.key : () => opts.key as string;

  async function post<T>(path: string, contentType: string, body: BodyInit): Promise<BridgeEnvelope<T>> {
    let response: Response;
    try {
      response = await opts.fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': contentType, 'X-Mostrador-Key': key() }, body });
    } catch {
      return unreachable('The Mostrador service on this computer is not answering. Is it still running?');
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      return unreachable(`The Mostrador service answered ${response.status} without a readable body.`);
    }
    return isEnvelope(answer) ? (answer as BridgeEnvelope<T>)
      : unreachable(`The Mostrador service answered ${response.status} with something unexpected.`);
  }

  return {
    call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>> {
      return post(`/bridge/${method}`, 'application/json', JSON.stringify(input ?? {}));
    },

    upload(file: UploadBody): Promise<BridgeEnvelope<UploadReceiptDto>> {
      // A File is sent as the body itself: the browser reads it from disk as it sends, and the core writes it as it comes.
      return post(UPLOAD_PATH, 'application/octet-stream', file as Blob | ArrayBuffer);
    },

    on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void {
      events ??= opts.openEvents(`${base}/bridge/events?key=${encodeURIComponent(key())}`);
      const source = events;
      const handler = (message: MessageEvent<string>) => {
        try {
          listener(JSON.parse(message.data) as BridgeEvents[E]);
        } catch {
          // a malformed push is dropped; the next status refresh corrects the screen
        }
      };
      source.addEventListener(event, handler as EventListener);
      return () => source.removeEventListener(event, handler as EventListener);
    },
  };
}
