/**
 * The one door into the core for both shells (Electron IPC and the browser-mode host): checks the method name,
 * validates the input against the contract, runs the handler and returns an envelope. It never throws.
 */
import type { z } from 'zod';
import {
  isBridgeMethod, parseBridgeInput, type BridgeContract, type BridgeEnvelope, type BridgeMethod, type BridgeResult,
} from '../../../shared/bridge/contract';
import { toBridgeError } from './bridge-failure';

/** The input a handler receives: already validated and with the schema's defaults applied. */
export type BridgeParsedInput<M extends BridgeMethod> = z.output<BridgeContract[M]['input']>;

export type BridgeHandlers = {
  [M in BridgeMethod]: (input: BridgeParsedInput<M>) => Promise<BridgeResult<M>>;
};

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
  if (!isBridgeMethod(method)) {
    const name = typeof method === 'string' ? method.slice(0, 80) : typeof method;
    return { ok: false, error: { code: 'UNKNOWN_METHOD', message: `There is no bridge method "${name}".` } };
  }
  const parsed = parseBridgeInput(method, rawInput);
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[method] as (input: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.value) };
  } catch (error) {
    const bridgeError = toBridgeError(error);
    if (bridgeError.code === 'INTERNAL') opts.onInternalError?.(method, error);
    return { ok: false, error: bridgeError };
  }
}
