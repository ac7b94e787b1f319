/** History's own calls: reprinting a receipt or slip as a numbered COPIA. */
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { buildReceipt } from '../receipt/receipt-model';
import type { AppContext } from './app-context';

type HistoryMethods = 'receipt.reprint';

export function historyHandlers(ctx: AppContext): Pick<BridgeHandlers, HistoryMethods> {
  const { store } = ctx;
  return {
    'receipt.reprint': async ({ saleId, paperWidth }) => {
      const sale = store.getSale(saleId);
      if (!sale) throw new BridgeFailure('NOT_FOUND', `There is no sale ${saleId}.`);
      const settings = await ctx.settings();
      // Recorded before the receipt is drawn: a copy handed out is a copy counted. A slip stays a slip (not fiscal).
      const copy = store.recordReprint(saleId, { fiscal: sale.outbox.state === 'validated' });
      return buildReceipt(sale, { ...settings, paperWidth: paperWidth ?? settings.paperWidth }, {
        copyNumber: copy.copyNumber, at: copy.at, fiscal: copy.fiscal,
      });
    },
  };
}
