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
};
