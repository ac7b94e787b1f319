/**
 * What a cashier types into a number field, read exactly (no float arithmetic). In es-CO the comma is the
 * decimal mark and dots group thousands ("12.500" is twelve thousand five hundred); in English the reverse.
 * A lone mark of the other kind is read as the decimal mark, so "1.5" and "1,5" both mean one and a half.
 */
import type { Locale } from '../../shared/bridge/types';

const GROUPED = { 'es-CO': /^\d{1,3}(\.\d{3})+(,\d+)?$/, en: /^\d{1,3}(,\d{3})+(\.\d+)?$/ } as const;
const GROUP_MARK = { 'es-CO': '.', en: ',' } as const;
const DECIMAL_MARK = { 'es-CO': ',', en: '.' } as const;

/** A canonical decimal string ("1234.5"), or null when the text is not a non-negative number with at most `maxDecimals` decimals. */
export function parseDecimalText(text: string, locale: Locale, maxDecimals: number): string | null {
  let t = text.trim().replace(/\s/g, '');
  if (t === '') return null;
  if (GROUPED[locale].test(t)) {
    t = t.split(GROUP_MARK[locale]).join('').replace(DECIMAL_MARK[locale], '.');
  } else {
    t = t.replace(',', '.');
  }
  const match = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!match) return null;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > maxDecimals) return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A decimal string shown for editing: no grouping, trailing zeros dropped, the locale's decimal mark. */
export function decimalForInput(value: string, locale: Locale): string {
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${match[1]}${DECIMAL_MARK[locale]}${fraction}` : (match[1] ?? value);
}

/** Compares two canonical decimal strings without floats: negative, zero or positive. */
export function compareDecimal(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  if (aw.length !== bw.length) return aw.length - bw.length;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const x = af.padEnd(width, '0');
  const y = bf.padEnd(width, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** A canonical amount ("18900", "4201.68") as a money field shows it once typed: "18.900", "4.201,68" (es-CO). */
export function moneyForInput(value: string, locale: Locale): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return value;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, GROUP_MARK[locale]);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}${DECIMAL_MARK[locale]}${fraction}` : whole;
}

/** What a money field shows when the cashier leaves it: the typed amount grouped, or the text untouched when it is not one. */
export function regroupMoneyText(text: string, locale: Locale, maxDecimals = 2): string {
  const value = parseDecimalText(text, locale, maxDecimals);
  return value === null ? text : moneyForInput(value, locale);
}
