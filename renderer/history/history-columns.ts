/**
 * History's columns and the order they give way in as the list narrows (issue 29): the time, the sale's number, its
 * total and its state are what a cashier scans for ("la venta de las 10:15"), so they stay longest; the cashier's name
 * goes first, then the customer (as issue 29 asks), then the reference and the invoice number; at the narrowest the
 * date keeps only its time. Pure: the widths here are the ones history.css gives the columns, and its container queries hide each step
 * below `giveWaySteps()`'s widths (test/unit/renderer/history-columns.test.ts holds the two together).
 */

export type HistoryColumn = 'number' | 'date' | 'reference' | 'invoice' | 'customer' | 'cashier' | 'total' | 'state';

/** Left to right, as drawn. */
export const HISTORY_COLUMNS: readonly HistoryColumn[] = ['number', 'date', 'reference', 'invoice', 'customer', 'cashier', 'total', 'state'];

/** Each column's width in rem (history.css); the customer's is the least it is given (it takes what is left). */
export const COLUMN_REM: Readonly<Record<HistoryColumn, number>> = {
  number: 11, date: 11.5, reference: 11, invoice: 9.5, customer: 11, cashier: 8, total: 8, state: 9.5,
};
/** The date column once only the time is left in it. */
export const TIME_ONLY_REM = 6;
/** Room the list keeps beside its columns: its vertical scrollbar. */
export const LIST_SPARE_REM = 1;

/** First to go first; each step goes whole. The columns in no step (time, number, total, state) never go. */
export const GIVE_WAY: ReadonlyArray<readonly HistoryColumn[]> = [['cashier'], ['customer'], ['reference', 'invoice']];

/** The class that hides a column at its step ("hc-go-1" goes first), or none for a column that stays. */
export function giveWayClass(column: HistoryColumn): string {
  const step = GIVE_WAY.findIndex((group) => group.includes(column));
  return step < 0 ? '' : `hc-go-${step + 1}`;
}

const widthOf = (columns: readonly HistoryColumn[]) => columns.reduce((sum, c) => sum + COLUMN_REM[c], 0) + LIST_SPARE_REM;

/**
 * The list widths (rem) below which each step goes: step k goes when the columns left after steps 1…k-1 no longer
 * fit. The last entry is the width below which the date keeps only its time.
 */
export function giveWaySteps(): number[] {
  const steps: number[] = [];
  let left = [...HISTORY_COLUMNS];
  for (const group of GIVE_WAY) {
    steps.push(widthOf(left));
    left = left.filter((c) => !group.includes(c));
  }
  steps.push(widthOf(left));
  return steps;
}

/** What a list `widthRem` wide shows: its columns left to right, and whether the date is down to its time. */
export function columnsShown(widthRem: number): { columns: HistoryColumn[]; timeOnly: boolean } {
  const steps = giveWaySteps();
  let columns = [...HISTORY_COLUMNS];
  GIVE_WAY.forEach((group, k) => {
    if (widthRem < (steps[k] ?? 0)) columns = columns.filter((c) => !group.includes(c));
  });
  return { columns, timeOnly: widthRem < (steps[GIVE_WAY.length] ?? 0) };
}
