/** Short tax names for narrow receipts and the totals panel; unknown codes are shown as they are. */
import type { Locale } from '../../shared/bridge/types';
import { taxShortName } from '../../shared/codes';
import { formatRate } from './date-time';

export function taxLabel(code: string, rate: string, locale: Locale): string {
  return `${taxShortName(code)}\u00A0${formatRate(rate, locale)}`;
}
