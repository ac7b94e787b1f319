/**
 * Which of the counter's side panels are open. Closed, the customer and the payment are one line each, so the
 * total and Cobrar always fit in the window; F4 / F8 or their "Cambiar" button open them. A charge or a parked
 * sale closes both: the next customer starts from the short view.
 */
import { create } from 'zustand';
import { focusSoon } from '../app/app-store';

export type CounterPanel = 'customer' | 'payment';

interface PanelsState {
  open: Record<CounterPanel, boolean>;
  setOpen(panel: CounterPanel, open: boolean): void;
  closeAll(): void;
}

export const useCounterPanels = create<PanelsState>()((set) => ({
  open: { customer: false, payment: false },
  setOpen: (panel, open) => set((s) => ({ open: { ...s.open, [panel]: open } })),
  closeAll: () => set({ open: { customer: false, payment: false } }),
}));

/** Opens a panel and puts the focus on one of its fields once it is on screen. */
export function openCounterPanel(panel: CounterPanel, focusId: string): void {
  useCounterPanels.getState().setOpen(panel, true);
  focusSoon(focusId);
}
