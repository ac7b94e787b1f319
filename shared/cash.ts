/**
 * Cash at the counter: what the cashier was handed, what the till asks for (the total rounded to the smallest
 * coin, DOMAIN.md) and the change. Not sent to the service; stored with the sale and printed on the receipt.
 * One rule for the sale screen and the core (`sales.charge` refuses a cash sale paid short; its schema is in
 * `sale-input.ts`). No zod here: the counter's first render uses these.
 */
import { LIMITS } from './limits';
import { cashChange, cashDue, type Amount } from './money';

/** Payment means 10: efectivo. */
export const CASH_MEANS = '10';
/** The bills in circulation, for the quick buttons (a 1 000 bill still turns up, but is rare). */
export const CASH_BILLS = [2_000, 5_000, 10_000, 20_000, 50_000, 100_000] as const;
/** No coin smaller than 50 pesos circulates. */
export const SMALLEST_COIN = 50;

/** Cash is counted in whole pesos. */
export const CASH_RECEIVED_RULE = { min: 0, max: LIMITS.maxCashReceived, decimals: 0 } as const;

export interface CashTender {
  /** What the cashier was handed. */
  received: Amount;
  /** What the till asked for: the total rounded to the smallest coin. */
  due: Amount;
  /** received − due. */
  change: Amount;
}

export type CashReading = { ok: true; tender: CashTender } | { ok: false; due: Amount; missing: Amount };

/** The tender for a payable and the cash received; short when the cash does not reach the amount asked. */
export function tenderCash(payable: Amount, received: number | string): CashReading {
  const due = cashDue(payable, SMALLEST_COIN);
  const change = cashChange(received, due);
  if (change.startsWith('-')) return { ok: false, due, missing: change.slice(1) };
  return { ok: true, tender: { received: cashChange(received, '0'), due, change } };
}
