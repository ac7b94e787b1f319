/** The keyboard shortcuts of app.md, as a pure mapping from a key press to a command. */
export type Command =
  | 'focus-product-search' | 'focus-customer' | 'focus-payment' | 'charge' | 'open-history' | 'open-settings' | 'close'
  | 'open-catalog' | 'park-sale' | 'recall-sale' | 'open-customers';

export interface KeyPress { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean; shiftKey: boolean }

const FUNCTION_KEYS: Record<string, Command> = {
  F2: 'focus-product-search',
  F3: 'park-sale',
  F4: 'focus-customer',
  F8: 'focus-payment',
  F6: 'open-catalog',
  F9: 'open-history',
  F10: 'open-settings',
  F12: 'charge',
};

/** Shift with a function key: the neighbour of the plain key (F3 parks, Shift+F3 recalls; F4 the sale's customer, Shift+F4 the directory). */
const SHIFTED_FUNCTION_KEYS: Record<string, Command> = {
  F3: 'recall-sale',
  F4: 'open-customers',
};

export function commandFor(press: KeyPress): Command | null {
  if (press.altKey || press.metaKey) return null;
  if (!press.ctrlKey && press.shiftKey) return SHIFTED_FUNCTION_KEYS[press.key] ?? null;
  if (!press.ctrlKey && !press.shiftKey) {
    const command = FUNCTION_KEYS[press.key];
    if (command) return command;
    if (press.key === 'Escape') return 'close';
  }
  // Ctrl+Enter charges too: some browsers keep F12 for their developer tools.
  if (press.ctrlKey && !press.shiftKey && press.key === 'Enter') return 'charge';
  return null;
}

/** The shortcut list shown in the help line, docs/developer/the-till.md and docs/guia/la-caja.md. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; command: Command }> = [
  { keys: 'F2', command: 'focus-product-search' },
  { keys: 'F4', command: 'focus-customer' },
  { keys: 'F8', command: 'focus-payment' },
  { keys: 'F12 / Ctrl+Enter', command: 'charge' },
  { keys: 'F3', command: 'park-sale' },
  { keys: 'Shift+F3', command: 'recall-sale' },
  { keys: 'Shift+F4', command: 'open-customers' },
  { keys: 'F6', command: 'open-catalog' },
  { keys: 'F9', command: 'open-history' },
  { keys: 'F10', command: 'open-settings' },
  { keys: 'Esc', command: 'close' },
];
