/**
 * Who is selling, as the core says (the core holds it; this is only the screen's copy), the products whose price
 * an owner has let the cashier change on this sale, and the owner's PIN dialog when one is open.
 */
import { create } from 'zustand';
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { PeopleSessionDto } from '../../shared/bridge/types';
import type { GuardedAction } from '../../shared/people';

/** An owner's PIN asked for one call: `run` makes the call with it; the PIN is dropped as soon as it returns. */
export interface OwnerPinRequest {
  action: GuardedAction;
  /** What exactly is approved, in the cashier's words (the product, the sale); shown in the dialog. */
  what?: string;
  run(pin: string): Promise<BridgeEnvelope<unknown>>;
  done(answer: BridgeEnvelope<unknown> | null): void;
}

interface PeopleState {
  session: PeopleSessionDto | null;
  /** Product codes an owner approved a price or tax change for on the open sale (the core checks it again). */
  unlocked: ReadonlySet<string>;
  pinRequest: OwnerPinRequest | null;
  setSession(session: PeopleSessionDto): void;
  unlock(code: string): void;
  clearUnlocked(): void;
  setPinRequest(request: OwnerPinRequest | null): void;
}

export const usePeople = create<PeopleState>()((set) => ({
  session: null,
  unlocked: new Set(),
  pinRequest: null,
  setSession: (session) => set({ session }),
  unlock: (code) => set((s) => ({ unlocked: new Set([...s.unlocked, code]) })),
  clearUnlocked: () => set({ unlocked: new Set() }),
  setPinRequest: (pinRequest) => set({ pinRequest }),
}));

/** Whether the one selling needs an owner for restricted things (people set up, and not an owner at the till). */
export function needsOwner(session: PeopleSessionDto | null): boolean {
  return session !== null && session.setUp && session.current?.role !== 'owner';
}
