/**
 * The one way a tax reads on screen: "IVA 19 %" (its short name, then the rate), on the counter, the catalog, the
 * history and the receipts alike; a tax without a rate (the catalog's tax choice) by its name, never its code.
 * Unknown codes are shown as they are.
 */
import type { Locale } from '../../shared/bridge/types';
import { TAX_TYPES, taxShortName } from '../../shared/codes';
import { formatRate } from './date-time';

export function taxLabel(code: string, rate: string, locale: Locale): string {
  return `${taxShortName(code)}\u00A0${formatRate(rate, locale)}`;
}

/** The tax types to choose from: "IVA", "IC (impuesto al consumo)"… (the code is what is saved, not what is read). */
export function taxTypeOptions(): Array<readonly [string, string]> {
  return Object.entries(TAX_TYPES).map(([code, name]) => [code, name] as const);
}
