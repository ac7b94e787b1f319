/**
 * The cash the cashier typed or added with the bill buttons, read exactly and held to the shared cash rule
 * (shared/cash.ts), the same one the core applies when charging. Pure.
 */
import type { Locale } from '../../shared/bridge/types';
import { CASH_MEANS, CASH_RECEIVED_RULE, tenderCash, type CashTender } from '../../shared/cash';
import { numberProblem } from '../../shared/number-rule';
import { parseDecimalText } from '../format/decimal-text';

/** The cash field, where the focus goes when the cash does not reach. */
export const CASH_FIELD_ID = 'cash-received';

export type CashEntry =
  /** Not cash, or nothing typed: the customer pays the exact amount. */
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'short'; due: string; missing: string }
  | { kind: 'ok'; received: number; tender: CashTender };

export function readCash(typed: string, payable: string, meansCode: string, locale: Locale): CashEntry {
  if (meansCode !== CASH_MEANS || typed.trim() === '') return { kind: 'none' };
  const canonical = parseDecimalText(typed, locale, CASH_RECEIVED_RULE.decimals);
  if (canonical === null) return { kind: 'invalid' };
  const received = Number(canonical);
  if (numberProblem(received, CASH_RECEIVED_RULE)) return { kind: 'invalid' };
  const reading = tenderCash(payable, received);
  return reading.ok ? { kind: 'ok', received, tender: reading.tender } : { kind: 'short', due: reading.due, missing: reading.missing };
}

/** Cash that Cobrar would not refuse: enough, or none typed (paid exactly), or not a cash sale. */
export const cashSettled = (cash: CashEntry): boolean => cash.kind === 'ok' || cash.kind === 'none';

/** A bill added to what was typed ("" or unreadable counts as nothing yet). */
export function addBill(typed: string, bill: number, locale: Locale): string {
  const canonical = parseDecimalText(typed, locale, 0);
  const current = canonical === null ? 0n : BigInt(canonical);
  return String(current + BigInt(bill));
}
