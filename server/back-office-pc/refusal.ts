/** A refusal on purpose by the back-office PC's bridge, said to the page as a bridge error (its reason is a code the screen has words for). */
import type { BridgeError } from '../../shared/bridge/contract';

export class BackOfficeRefusal extends Error {
  constructor(readonly error: BridgeError) {
    super(error.message);
  }
}

export function toBackOfficeError(error: unknown): BridgeError {
  if (error instanceof BackOfficeRefusal) return error.error;
  return { code: 'INTERNAL', message: 'The back office failed; the details are in the server\'s log.' };
}
