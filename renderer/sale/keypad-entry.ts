/**
 * What one key of the on-screen keypad does to a number field's text. Pure: the field's own parsing and
 * validation read the result exactly as if it had been typed, so the keypad can never put in what typing could not.
 */
import type { Locale } from '../../shared/bridge/types';
import { LIMITS } from '../../shared/limits';

export const KEYPAD_DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0', '00', '000'] as const;
export type KeypadKey = (typeof KEYPAD_DIGITS)[number] | 'decimal' | 'backspace' | 'clear';

export const decimalMarkOf = (locale: Locale): string => (locale === 'en' ? '.' : ',');

/**
 * The text after `key`. `replace`: the field was just chosen, so the first digit starts it afresh (as typing over
 * a selected value does); `decimals`: whether the field takes decimals at all (cash is whole pesos).
 */
export function typeKey(text: string, key: KeypadKey, opts: { locale: Locale; replace: boolean; decimals: boolean }): string {
  if (key === 'clear') return '';
  if (key === 'backspace') return text.slice(0, -1);
  const base = opts.replace ? '' : text;
  let next: string;
  if (key === 'decimal') {
    const mark = decimalMarkOf(opts.locale);
    if (!opts.decimals || base.includes(mark)) return text;
    next = base === '' ? `0${mark}` : base + mark;
  } else if (base === '' || base === '0') {
    // No leading zeros: "0" then "5" is 5, and "00" on an empty field is just 0.
    next = key.replace(/^0+(?=\d)/, '') || '0';
  } else {
    next = base + key;
  }
  return next.length > LIMITS.typedNumberLength ? text : next;
}
