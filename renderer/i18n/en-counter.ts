/** English words for the counter. Typed against the Spanish ones. */
import type { esCounter } from './es-counter';

export const enCounter: typeof esCounter = {
  cashReceived: 'Cash received',
  cashReceivedHint: 'Empty: the customer pays the exact amount.',
  cashBills: 'Bills received',
  addBill: (bill: string) => `Add a ${bill} bill`,
  cashClear: 'Clear received',
  cashChange: 'Change',
  cashMissing: 'Missing',
  cashDueRounded: (due: string) => `Due in cash (no coins below $50): ${due}`,
  cashShort: (due: string, missing: string) => `The cash received is not enough: ${due} is due and ${missing} is missing.`,
  cashNotNumber: 'Type the cash received in whole pesos, without cents.',
  cashRoundedReceipt: 'Total in cash',
  cashReceivedReceipt: 'Cash received',
  cashChangeReceipt: 'Change',
  lastChange: 'Change to give',
  park: 'Park',
  recall: 'Recall',
  parkedTitle: 'Parked sales',
  parkedNone: 'No parked sales.',
  parkEmpty: 'There are no products to park.',
  parkedDone: (n: number) => `Sale parked as no. ${n}. You can serve the next customer.`,
  recalledDone: (n: number, parkedCurrent: number | null) =>
    parkedCurrent === null ? `Parked sale no. ${n} is back.` : `Sale no. ${n} is back; the one in progress was parked as no. ${parkedCurrent}.`,
  parkedItem: (n: number, lines: number, who: string) => `No. ${n} · ${lines === 1 ? '1 product' : `${lines} products`} · ${who}`,
  recallSale: (n: number) => `Recall parked sale no. ${n}`,
};
