/** English texts for short sale numbers, the till's name, the service's document statuses and saving a receipt as PDF. */
import type { esReceiptHistory } from './es-receipt-history';

export const enReceiptHistory: typeof esReceiptHistory = {
  saleNumber: 'Sale',
  tillName: 'Till name',
  tillNameHint: 'Shown with the short number of every sale, for example “Caja 1 · 000123”.',
  tillNameHintPaired: 'The shop server decides it: every till has its own name. On saving, the server changes it for every till; sales already made keep their number.',
  problemTillName: 'Type a name of 1 to 40 characters, on one line',
  remoteStatusNames: {
    QUEUED: 'Received, being validated', VALIDATED: 'Validated', REJECTED: 'Rejected', ERROR: 'In error',
    PENDING: 'Pending', PROCESSING: 'Being processed', FAILED: 'Failed', CANCELLED: 'Voided', CANCELED: 'Voided',
  },
  remoteStatusOther: (status: string) => `Another service status: “${status}”`,
};
