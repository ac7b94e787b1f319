/**
 * Main's side of the Electron bridge: one `pos:call` handler that answers only the app's own page, checks the
 * method against the contract, hands the call to the core's dispatch and returns its envelope; and the relay
 * of core events to the page on `pos:event`. Only `import type` from 'electron', so it is tested directly.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { isBridgeMethod, type BridgeEnvelope } from '../shared/bridge/contract';
import { isAppPage } from './window';
import { CALL_CHANNEL, EVENT_CHANNEL, UPLOAD_CHANNEL, isBridgeEventName, type BridgeEventMessage } from './preload-api';
import { receiveUpload, type UploadStore } from './core/uploads/upload-store';
import type { UploadReceiptDto } from '../shared/bridge/types';

/** The core's dispatch with its handlers bound: `(method, input) => dispatch(handlers, method, input)`. */
export type BridgeDispatch = (method: string, rawInput: unknown) => Promise<BridgeEnvelope<unknown>>;

/** Calls are answered only for the top frame of the app's own page. */
export function isTrustedSender(url: string | null | undefined, appUrl: string): boolean {
  return typeof url === 'string' && isAppPage(url, appUrl);
}

/** What the sender said about itself: the frame's URL (null when the frame is gone) and whether it is the top frame. */
export interface BridgeSender { url: string | null; topFrame: boolean }

export function senderOf(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): BridgeSender {
  const frame = event.senderFrame;
  return frame ? { url: frame.url, topFrame: frame.parent === null } : { url: null, topFrame: false };
}

const refusal = (code: 'FORBIDDEN' | 'UNKNOWN_METHOD' | 'INVALID_INPUT' | 'INTERNAL', message: string): BridgeEnvelope<never> =>
  ({ ok: false, error: { code, message } });

/** One `pos:call`, from the raw IPC message to the envelope. Never throws: errors travel as values. */
export async function answerBridgeCall(
  sender: BridgeSender,
  message: unknown,
  dispatch: BridgeDispatch,
  appUrl: string,
): Promise<BridgeEnvelope<unknown>> {
  if (!sender.topFrame || !isTrustedSender(sender.url, appUrl)) {
    return refusal('FORBIDDEN', 'This page may not use the point of sale.');
  }
  if (typeof message !== 'object' || message === null) return refusal('INVALID_INPUT', 'A bridge call must be { method, input }.');
  const { method, input } = message as Record<string, unknown>;
  if (!isBridgeMethod(method)) {
    const name = typeof method === 'string' ? method.slice(0, 80) : typeof method;
    return refusal('UNKNOWN_METHOD', `There is no bridge method "${name}".`);
  }
  try {
    return await dispatch(method, input);
  } catch {
    // dispatch promises never to throw; if it does anyway, the page still gets an answer it understands.
    return refusal('INTERNAL', 'Something went wrong inside Mostrador; the details are in the log.');
  }
}

/** One `pos:upload`: a chosen file's bytes, from the app's own page only, written to the core's upload folder. */
export async function answerUpload(
  sender: BridgeSender,
  bytes: unknown,
  uploads: UploadStore,
  appUrl: string,
): Promise<BridgeEnvelope<UploadReceiptDto>> {
  if (!sender.topFrame || !isTrustedSender(sender.url, appUrl)) {
    return refusal('FORBIDDEN', 'This page may not use the point of sale.');
  }
  if (!(bytes instanceof ArrayBuffer) && !ArrayBuffer.isView(bytes)) return refusal('INVALID_INPUT', 'An upload must be the file\'s bytes.');
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return await receiveUpload(uploads, [view]);
  } catch {
    return refusal('INTERNAL', 'Something went wrong inside Mostrador; the details are in the log.');
  }
}

/** Registers the `pos:call` and `pos:upload` handlers; returns their removal (used when the app quits). */
export function registerBridgeIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: BridgeDispatch,
  appUrl: string,
  uploads?: UploadStore,
): () => void {
  ipcMain.handle(CALL_CHANNEL, (event, message: unknown) => answerBridgeCall(senderOf(event), message, dispatch, appUrl));
  if (uploads) ipcMain.handle(UPLOAD_CHANNEL, (event, bytes: unknown) => answerUpload(senderOf(event), bytes, uploads, appUrl));
  return () => {
    ipcMain.removeHandler(CALL_CHANNEL);
    if (uploads) ipcMain.removeHandler(UPLOAD_CHANNEL);
  };
}

/** Where events go: the window's web contents, which may already be closed. */
export interface BridgeEventTarget { isDestroyed(): boolean; send(channel: string, message: BridgeEventMessage): void }

/** Sends one core event to the page on `pos:event`; names outside the contract are not sent. */
export function sendBridgeEvent(target: BridgeEventTarget, message: BridgeEventMessage): boolean {
  if (!isBridgeEventName(message.event) || target.isDestroyed()) return false;
  target.send(EVENT_CHANNEL, { event: message.event, payload: message.payload });
  return true;
}
