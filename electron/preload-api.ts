/**
 * What the preload puts on `window.pos`, and the IPC messages it exchanges with main. Pure (no 'electron'
 * import) so it is tested directly and bundles into the sandboxed preload with nothing but the contract.
 * Only the contract's methods reach main and only the contract's events reach the page.
 */
// Names only at run time: the contract's schemas (zod) stay out of the preload bundle.
import type { BridgeEnvelope, BridgeEventName, BridgeEvents, BridgeTransport } from '../shared/bridge/contract';
import { BRIDGE_EVENT_NAMES as BRIDGE_EVENTS, isBridgeMethodName as isBridgeMethod } from '../shared/bridge/names';

/** Renderer → main: `ipcRenderer.invoke(CALL_CHANNEL, { method, input })`, answered with an envelope. */
export const CALL_CHANNEL = 'pos:call';
/** Renderer → main: `ipcRenderer.invoke(UPLOAD_CHANNEL, bytes)` with a chosen file's bytes (an ArrayBuffer), answered with an envelope. */
export const UPLOAD_CHANNEL = 'pos:upload';
/** Main → renderer: `webContents.send(EVENT_CHANNEL, { event, payload })`. */
export const EVENT_CHANNEL = 'pos:event';

export interface BridgeCallMessage { method: string; input: unknown }
export interface BridgeEventMessage { event: BridgeEventName; payload: unknown }

export function isBridgeEventName(name: unknown): name is BridgeEventName {
  return typeof name === 'string' && (BRIDGE_EVENTS as readonly string[]).includes(name);
}

/** Main's event messages as they arrive; anything else is dropped. */
export function readBridgeEventMessage(message: unknown): BridgeEventMessage | null {
  if (typeof message !== 'object' || message === null) return null;
  const { event, payload } = message as Record<string, unknown>;
  return isBridgeEventName(event) ? { event, payload } : null;
}

/** The two IPC primitives the preload has; passed in so this file never imports 'electron'. */
export interface PreloadIpc {
  invoke(channel: typeof CALL_CHANNEL, message: BridgeCallMessage): Promise<unknown>;
  invoke(channel: typeof UPLOAD_CHANNEL, bytes: ArrayBuffer): Promise<unknown>;
  /** Registers a listener for main's events; returns its removal. */
  listen(channel: typeof EVENT_CHANNEL, listener: (message: unknown) => void): () => void;
}

const unknownMethod = (method: unknown): BridgeEnvelope<never> => ({
  ok: false,
  error: { code: 'UNKNOWN_METHOD', message: `${String(method)} is not a bridge method` },
});

/**
 * `window.pos`: `call(method, input)`, `upload(file)` and `on(event, listener)`. A name outside the contract never crosses
 * to main; the page's listeners receive the payload only (never Electron's event object, which carries the sender).
 */
export function createPosApi(ipc: PreloadIpc): BridgeTransport {
  const listeners = new Map<BridgeEventName, Set<(payload: never) => void>>();
  let stopListening: (() => void) | null = null;

  const deliver = (raw: unknown) => {
    const message = readBridgeEventMessage(raw);
    if (!message) return;
    for (const listener of [...(listeners.get(message.event) ?? [])]) {
      try {
        listener(message.payload as never);
      } catch {
        // One failing listener must not starve the others of the event.
      }
    }
  };

  return {
    call(method, input) {
      if (!isBridgeMethod(method)) return Promise.resolve(unknownMethod(method));
      return ipc.invoke(CALL_CHANNEL, { method, input }) as Promise<never>;
    },
    async upload(file) {
      // Only bytes cross to main (one structured-clone copy, no base64); main writes them to a file.
      // Not `instanceof ArrayBuffer`: what crosses the context bridge belongs to the other world's ArrayBuffer.
      const bytes = 'arrayBuffer' in file && typeof file.arrayBuffer === 'function' ? await file.arrayBuffer() : file as ArrayBuffer;
      return ipc.invoke(UPLOAD_CHANNEL, bytes) as Promise<never>;
    },
    on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void) {
      if (!isBridgeEventName(event)) throw new TypeError(`${String(event)} is not a bridge event`);
      if (typeof listener !== 'function') throw new TypeError('the listener must be a function');
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      stopListening ??= ipc.listen(EVENT_CHANNEL, deliver);
      return () => {
        set.delete(listener as (payload: never) => void);
        if ([...listeners.values()].every((s) => s.size === 0) && stopListening) {
          stopListening();
          stopListening = null;
        }
      };
    },
  };
}
