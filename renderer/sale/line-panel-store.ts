/**
 * Which cart line is open in the line panel (LinePanel.tsx), if any. Opening a line selects its row; closing it gives
 * the focus back to that row (Esc) or to the product search (OK on the keypad, the line removed).
 */
import { create } from 'zustand';

/** The id of a cart row's button, the control that opens its line. */
export const rowButtonId = (lineId: string): string => `${lineId}-row`;
export const LINE_PANEL_ID = 'line-panel';

interface LinePanelState {
  lineId: string | null;
  open(lineId: string): void;
  close(): void;
}

export const useLinePanel = create<LinePanelState>()((set) => ({
  lineId: null,
  open: (lineId) => set({ lineId }),
  close: () => set({ lineId: null }),
}));
