/**
 * One bridge call answered by a table of handlers: the method name checked, the input validated against the
 * contract (defaults applied), the handler run, an envelope returned; it never throws. Shared by the till's core
 * (electron/core/bridge/dispatch.ts, every method) and the back-office PC's host in the shop server (a few).
 */
import type { z } from 'zod';
import {
  isBridgeMethod, parseBridgeInput, type BridgeContract, type BridgeEnvelope, type BridgeError, type BridgeMethod, type BridgeResult,
} from './contract';

/** The input a handler receives: already validated and with the schema's defaults applied. */
export type BridgeParsedInput<M extends BridgeMethod> = z.output<BridgeContract[M]['input']>;

export type BridgeHandlerTable = {
  [M in BridgeMethod]: (input: BridgeParsedInput<M>) => Promise<BridgeResult<M>>;
};

export interface DispatchCallOptions {
  /** Turns what a handler threw into the error that crosses the bridge (never a stack, never the input). */
  toError(error: unknown): BridgeError;
  /** Told about unexpected failures (never the input, which may hold a secret). */
  onInternalError?: (method: string, error: unknown) => void;
}

export async function dispatchBridgeCall(
  handlers: Partial<BridgeHandlerTable>,
  method: unknown,
  rawInput: unknown,
  opts: DispatchCallOptions,
): Promise<BridgeEnvelope<unknown>> {
  const handler = isBridgeMethod(method) ? handlers[method] as ((input: unknown) => Promise<unknown>) | undefined : undefined;
  if (!isBridgeMethod(method) || !handler) {
    const name = typeof method === 'string' ? method.slice(0, 80) : typeof method;
    return { ok: false, error: { code: 'UNKNOWN_METHOD', message: `There is no bridge method "${name}".` } };
  }
  const parsed = parseBridgeInput(method, rawInput);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, value: await handler(parsed.value) };
  } catch (error) {
    const bridgeError = opts.toError(error);
    if (bridgeError.code === 'INTERNAL') opts.onInternalError?.(method, error);
    return { ok: false, error: bridgeError };
  }
}
