/** English words for the compact cart and its line panel. Typed against the Spanish ones. */
import type { esCart } from './es-cart';

export const enCart: typeof esCart = {
  lineDiscountShort: (rate: string) => `disc. ${rate}`,
  lineNeedsFix: 'Check this line',
  lineOpenHint: 'Enter or a touch opens the line: quantity, price, discount, tax or removing it',
  linePanelTitle: (n: number, name: string) => `Line ${n}: ${name}`,
  linePanelClose: 'Done',
  linePanelCloseLabel: 'Close the line (Esc)',
  linePanelAmount: 'Line amount',
};
