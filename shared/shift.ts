/**
 * A cashier's shift: the cash the drawer opens with, the cash counted at the close (by bill and coin) and the
 * rule that turns a count into pesos. One rule for the shifts screen and the core (`shifts.open`, `shifts.close`).
 */
import { z } from 'zod';
import { expecting } from './api/field-problems';
import { boundedNumber } from './field-rules';
import { LIMITS } from './limits';
import { sumAmounts, type Amount } from './money';

/** Bills in circulation (DOMAIN.md), largest first; a 1 000 bill still turns up. */
export const CASH_COUNT_BILLS = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000] as const;
/** Coins in circulation: none below 50 pesos. */
export const CASH_COUNT_COINS = [1_000, 500, 200, 100, 50] as const;

const pieces = boundedNumber({ min: 0, max: LIMITS.maxCashPieces, decimals: 0 }).optional();
const denominations = (values: readonly number[]) =>
  z.strictObject(Object.fromEntries(values.map((v) => [String(v), pieces])) as Record<string, typeof pieces>, expecting('an object'));

/** How many of each bill and coin were counted; a denomination left out counts as none. */
export const cashCountSchema = z.strictObject({
  bills: denominations(CASH_COUNT_BILLS),
  coins: denominations(CASH_COUNT_COINS),
}, expecting('an object'));
export type CashCount = z.infer<typeof cashCountSchema>;

/** Cash in whole pesos (the drawer has no cents). */
export const openingCashSchema = boundedNumber({ min: 0, max: LIMITS.maxOpeningCash, decimals: 0 });

export const openShiftSchema = z.strictObject({ openingCash: openingCashSchema });

/**
 * What a charge does at a till with people or shifts in use and no shift open (the owner's choice in Settings):
 * 'ask' — Cobrar asks to open the shift there and then (the cash the drawer starts with) and charges; 'refuse' —
 * the charge is refused until a shift is opened in Turnos. Either way no sale is ever made outside a shift unsaid.
 */
export const SHIFT_RULES = ['ask', 'refuse'] as const;
export type ShiftRule = (typeof SHIFT_RULES)[number];
export const shiftRuleSchema = z.enum(SHIFT_RULES, { error: 'must be ask or refuse' });
export const DEFAULT_SHIFT_RULE: ShiftRule = 'ask';
export { NO_SHIFT_REASONS } from './shift-rule';

/**
 * Closing a shift. With sales still unsent the core refuses until the person confirms (`confirmUnsent: true`),
 * after it has said how many there are and how old the oldest is.
 */
export const closeShiftSchema = z.strictObject({
  shiftId: z.number(expecting('a number')).int().positive().max(Number.MAX_SAFE_INTEGER),
  count: cashCountSchema,
  confirmUnsent: z.boolean(expecting('true or false')).optional(),
});

export const unsentAlertSchema = boundedNumber({ min: LIMITS.minUnsentAlertMinutes, max: LIMITS.maxUnsentAlertMinutes, decimals: 0 });
/** Unsent sales older than this are highlighted until the owner chooses otherwise. */
export const DEFAULT_UNSENT_ALERT_MINUTES = 30;

/** The pesos a count adds up to: each denomination times its pieces (whole numbers, exact), summed by money.ts. */
export function cashCountTotal(count: CashCount): Amount {
  const parts: string[] = [];
  for (const side of [count.bills, count.coins]) {
    for (const [denomination, n] of Object.entries(side)) if (n) parts.push(String(Number(denomination) * n));
  }
  return sumAmounts(parts);
}

/** Every bill and coin with its pieces (0 where none were counted): the form starts from it, the Z report prints it. */
export function fullCashCount(count: CashCount = { bills: {}, coins: {} }): { bills: Record<string, number>; coins: Record<string, number> } {
  return {
    bills: Object.fromEntries(CASH_COUNT_BILLS.map((v) => [String(v), count.bills[String(v)] ?? 0])),
    coins: Object.fromEntries(CASH_COUNT_COINS.map((v) => [String(v), count.coins[String(v)] ?? 0])),
  };
}
