/**
 * The bridge over HTTP on 127.0.0.1 (browser mode): POST /bridge/<method> with the per-launch key, and
 * Server-Sent Events for the core's pushes. Errors come back as envelopes, never as throws.
 */
import type {
  BridgeEnvelope, BridgeEventName, BridgeEvents, BridgeInput, BridgeMethod, BridgeResult, BridgeTransport,
} from '../../shared/bridge/contract';

export interface HttpTransportOptions {
  baseUrl: string;
  key: string;
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

  return {
    async call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>> {
      let response: Response;
      try {
        response = await opts.fetch(`${base}/bridge/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Mostrador-Key': opts.key },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return unreachable('The Mostrador service on this computer is not answering. Is it still running?');
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return unreachable(`The Mostrador service answered ${response.status} without a readable body.`);
      }
      return isEnvelope(body) ? (body as BridgeEnvelope<BridgeResult<M>>)
        : unreachable(`The Mostrador service answered ${response.status} with something unexpected.`);
    },

    on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void {
      events ??= opts.openEvents(`${base}/bridge/events?key=${encodeURIComponent(opts.key)}`);
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
