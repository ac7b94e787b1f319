/**
 * Calls the core; when it answers that an owner's PIN would allow the call, asks for the PIN once (the dialog) and
 * makes the same call again with it. The PIN goes with that one call and is not kept.
 */
import type { BridgeEnvelope, BridgeInput, BridgeMethod, BridgeResult } from '../../shared/bridge/contract';
import { OWNER_OVERRIDE_FIELD, type GuardedAction } from '../../shared/guarded-actions';
import { bridge } from '../bridge/client';
import { usePeople } from './people-store';

/**
 * The owner's PIN dialog, resolved with the call's answer, or null when cancelled. `what` says in words what the
 * PIN approves ("Anular la venta Caja 1 · 000012"); without it the dialog names only the kind of action.
 */
export function askOwnerPin(action: GuardedAction, run: (pin: string) => Promise<BridgeEnvelope<unknown>>, what?: string): Promise<BridgeEnvelope<unknown> | null> {
  return new Promise((resolve) => {
    usePeople.getState().setPinRequest({
      action, run, ...(what ? { what } : {}),
      done(answer) {
        usePeople.getState().setPinRequest(null);
        resolve(answer);
      },
    });
  });
}

/** True when the core refused only for want of an owner's PIN. */
export function wantsOwnerPin(answer: BridgeEnvelope<unknown>): boolean {
  return !answer.ok && answer.error.code === 'FORBIDDEN' && Object.hasOwn(answer.error.fields ?? {}, OWNER_OVERRIDE_FIELD);
}

export async function callWithOwner<M extends BridgeMethod>(
  method: M, input: BridgeInput<M>, action: GuardedAction, what?: string,
): Promise<BridgeEnvelope<BridgeResult<M>>> {
  const first = await bridge.call(method, input);
  if (!wantsOwnerPin(first)) return first;
  const answer = await askOwnerPin(action, (pin) => bridge.call(method, { ...input, ownerOverride: { pin } } as BridgeInput<M>), what);
  return (answer ?? first) as BridgeEnvelope<BridgeResult<M>>;
}

/** Reads who is selling from the core into the screen's copy. */
export async function refreshPeople(): Promise<void> {
  const answer = await bridge.call('people.session', {});
  if (answer.ok) usePeople.getState().setSession(answer.value);
}
