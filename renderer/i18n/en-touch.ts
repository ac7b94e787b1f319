/** English words for the counter by touch: quick keys and the numeric keypad. Spread into en.ts. */
import type { esTouch } from './es-touch';

export const enTouch: typeof esTouch = {
  quickKeys: 'Quick keys',
  quickKeyCategories: 'Quick key categories',
  quickKeysAll: 'All',
  quickKeysOther: 'Other',
  quickKeysShow: 'Show keys',
  quickKeysHide: 'Hide keys',
  keypadToggle: 'Keypad',
  keypad: 'Numeric keypad',
  keypadDigit: (digit: string) => `Key ${digit}`,
  keypadDecimal: 'Decimal point key',
  keypadBackspace: 'Backspace',
  keypadClear: 'Clear',
  keypadOk: 'OK, accept',
  keypadTarget: (field: string) => `Typing into: ${field}`,
  keypadNoTarget: 'Touch a quantity, a price or the cash received',
};
