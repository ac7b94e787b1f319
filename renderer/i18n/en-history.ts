/** English texts of History at scale (issue 10): date and other filters, the list's keys, the detail, reprints. */
import type { esHistory } from './es-history';

export const enHistory: typeof esHistory = {
  historyDate: 'Date',
  historyDatePresets: { all: 'Any date', today: 'Today', yesterday: 'Yesterday', week: 'This week', custom: 'Between dates' },
  historyDateFrom: 'From',
  historyDateTo: 'To',
  historyCashier: 'Sold by',
  historyAllCashiers: 'Everybody',
  historyPaymentMeans: 'Payment means',
  historyAllMeans: 'All means',
  historySearchHelp: 'Sale or invoice number, reference, customer or NIT, or the first characters of the CUFE.',
  salesCountCapped: (shown: number, total: number) => `${shown} of more than ${total.toLocaleString('en')} sales; narrow the search to see fewer`,
  historyListKeys: 'Sales list: ↑ ↓ Page Up Page Down to move, Enter to show the detail',
  historyLines: 'Products',
  historyPayment: 'Payment',
  historyTill: 'Till',
  historyCashierName: 'Sold by',
  historyNobody: '—',
  historyAttempts: 'Sends to the service',
  historyNoAttempts: 'Not sent yet.',
  historyAttemptOutcomes: {
    queued: 'Received by the service', validated: 'Validated', transient: 'Failed; will try again',
    permanent: 'Refused by the service', ambiguous: 'No clear answer; resent with the same data',
  },
  historyReprints: 'Reprints',
  historyNoReprints: 'None.',
  historyReprintItem: (n: number, when: string) => `Copy ${n} · ${when}`,
  reprintCopy: 'Reprint a copy',
  reprintDone: (n: number) => `Copy ${n} recorded; print it or save it as PDF.`,
  copyMark: (n: number, when: string) => `COPY No. ${n} · ${when}`,
};
