/**
 * Cobrar met a till with no shift open (issue 26): 'ask' — the counter asks for the drawer's cash and opens the shift
 * in place, then charges; 'refuse' — the owner set the till to charge only once a shift is opened in Turnos. The
 * sale stays on the counter either way. Null: nothing asked.
 */
import { create } from 'zustand';

export type ShiftAsk = 'ask' | 'refuse';

export const SHIFT_ASK_CASH_ID = 'shift-ask-cash';
export const SHIFT_ASK_GO_ID = 'shift-ask-go';

export const useShiftAsk = create<{ asking: ShiftAsk | null; setAsking(asking: ShiftAsk | null): void }>()((set) => ({
  asking: null,
  setAsking: (asking) => set({ asking }),
}));
