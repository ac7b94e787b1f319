/** Short tax names for narrow receipts and the totals panel; unknown codes are shown as they are. */
import type { Locale } from '../../shared/bridge/types';
import { formatRate } from './date-time';

const SHORT: Record<string, string> = { '01': 'IVA', '02': 'IC', '03': 'ICA', '04': 'INC', '22': 'Bolsas' };

export function taxName(code: string): string {
  return SHORT[code] ?? code;
}

export function taxLabel(code: string, rate: string, locale: Locale): string {
  return `${taxName(code)} ${formatRate(rate, locale)}`;
}
