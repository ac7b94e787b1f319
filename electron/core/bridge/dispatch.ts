/**
 * The one door into the core for both shells (Electron IPC and the browser-mode host): checks the method name,
 * validates the input against the contract, runs the handler and returns an envelope. It never throws.
 */
import { dispatchBridgeCall, type BridgeHandlerTable, type BridgeParsedInput } from '../../../shared/bridge/dispatch-call';
import type { BridgeEnvelope } from '../../../shared/bridge/contract';
import { toBridgeError } from './bridge-failure';

export type { BridgeParsedInput };

/** The till's core answers every method of the contract. */
export type BridgeHandlers = BridgeHandlerTable;

export interface DispatchOptions {
  /** Told about unexpected failures (never the input, which may hold a secret). */
  onInternalError?: (method: string, error: unknown) => void;
}

export async function dispatch(
  handlers: BridgeHandlers,
  method: unknown,
  rawInput: unknown,
  opts: DispatchOptions = {},
): Promise<BridgeEnvelope<unknown>> {
  return dispatchBridgeCall(handlers, method, rawInput, { toError: toBridgeError, ...opts });
}
