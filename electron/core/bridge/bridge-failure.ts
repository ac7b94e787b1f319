/**
 * How core code refuses a bridge call on purpose: a BridgeFailure carries the code and the human message the
 * renderer shows. Anything else thrown by a handler is mapped here too, so nothing crosses the bridge as a throw.
 */
import type { BridgeError } from '../../../shared/bridge/contract';
import { isApiError } from '../../../common/invoicing/errors';
import { KeychainUnavailableError } from '../secrets/credential-store';
import { StoreError } from '../store/errors';

export class BridgeFailure extends Error {
  override readonly name = 'BridgeFailure';
  constructor(
    readonly code: BridgeError['code'],
    message: string,
    readonly fields?: Record<string, string>,
    /** Why, as a code the renderer has words for (e.g. PIN_LOCKED). */
    readonly reason?: string,
    /** Seconds to wait before trying again, when the refusal says so. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A refusal of one form field, e.g. a check digit that does not match the NIT. */
export function invalidField(field: string, message: string): BridgeFailure {
  return new BridgeFailure('INVALID_INPUT', `Some data is not valid — ${field}: ${message}`, { [field]: message });
}

/**
 * Known failures keep their message (they were written for people); unknown ones become a generic INTERNAL
 * error, because their text may carry details (paths, SQL) that do not belong on the screen.
 */
export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof BridgeFailure) {
    return {
      code: error.code, message: error.message,
      ...(error.fields ? { fields: error.fields } : {}), ...(error.reason !== undefined ? { reason: error.reason } : {}),
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (error instanceof KeychainUnavailableError) return { code: 'KEYCHAIN_UNAVAILABLE', message: error.message };
  if (isApiError(error)) {
    // The service's words only when it answered (an HTTP status); ours ("Could not connect…") are said by the reason.
    const reason = error.code ?? error.kind.toUpperCase();
    return {
      code: 'SERVICE', message: `The invoicing service answered: ${error.message}`, reason,
      ...(error.status !== undefined && error.message.trim() !== '' ? { serviceMessage: error.message } : {}),
    };
  }
  if (error instanceof StoreError) return { code: 'INVALID_INPUT', message: error.message };
  return { code: 'INTERNAL', message: 'Something went wrong inside Mostrador; the details are in the log.' };
}
