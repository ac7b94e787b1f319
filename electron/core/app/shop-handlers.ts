/** The cashier's calls: catalog, customers, charging, history and receipts. */
import type { CustomerDto } from '../../../shared/bridge/types';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { buildReceipt } from '../receipt/receipt-model';
import { CURRENT_RANGE_KEY } from '../sync/range-provider';
import type { AppContext } from './app-context';
import { saleDetailDto, saleSummaryDto } from './sale-views';
import { currentService } from './settings-mapping';

/** Best effort after a commit: a failure to wake the engine or tell the screens is logged, never answered. */
function announce(ctx: AppContext, sale: { entryId: number; referenceCode: string; state: string }): void {
  try {
    ctx.outboxChanged(sale);
  } catch (error) {
    ctx.log(`sale ${sale.referenceCode} is recorded; announcing it failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type ShopMethods =
  | 'catalog.search' | 'catalog.byBarcode' | 'customers.search' | 'customers.save' | 'sales.charge' | 'sales.search'
  | 'sales.get' | 'sales.retry' | 'receipt.get' | 'receipt.print' | 'receipt.pdf';

export function shopHandlers(ctx: AppContext): Pick<BridgeHandlers, ShopMethods> {
  const { store } = ctx;

  const saleOrFail = (id: number) => {
    const sale = store.getSale(id);
    if (!sale) throw new BridgeFailure('NOT_FOUND', `There is no sale ${id}.`);
    return sale;
  };

  async function printJob(saleId: number) {
    const settings = await ctx.settings();
    const receipt = await buildReceipt(saleOrFail(saleId), settings);
    return {
      saleId,
      receipt,
      printerName: settings.printerName,
      silent: settings.silentPrint,
      fileName: `${receipt.fullNumber ?? receipt.referenceCode}.pdf`,
    };
  }

  return {
    // The store's Product is the bridge's ProductDto: it crosses as is.
    'catalog.search': async ({ text, limit }) => store.searchProducts(text, limit),
    'catalog.byBarcode': async ({ barcode }) => store.findProductByBarcode(barcode),

    'customers.search': async ({ text, limit }): Promise<CustomerDto[]> =>
      store.searchCustomers(text, limit).map((c) => ({ id: c.id, customer: c.customer })),
    // The buyer's identification and check digit were checked by the bridge (shared/customer.ts).
    'customers.save': async ({ customer }) => {
      const saved = store.upsertCustomer(customer);
      return { id: saved.id, customer: saved.customer };
    },

    'sales.charge': async ({ customer, items, payment, openSaleSlot, cash }) => {
      // Frozen with the range known now (null when none is known yet; the engine assigns one before sending).
      const recorded = store.recordSale({
        customer, items, payment, numberingRangeId: store.getSetting(CURRENT_RANGE_KEY) || null, service: currentService(store),
        ...(openSaleSlot !== undefined ? { openSaleSlot } : {}),
        ...(cash !== undefined ? { cashReceived: cash.received } : {}),
        ...(ctx.saleStamp ? { stamp: ctx.saleStamp({ items, openSaleSlot }) } : {}),
      });
      // The sale is on disk: from here on nothing may answer failure, or the cashier charges it twice.
      announce(ctx, { entryId: recorded.entryId, referenceCode: recorded.referenceCode, state: 'waiting' });
      return { saleId: recorded.saleId, referenceCode: recorded.referenceCode, shortNumber: recorded.shortNumber, totals: recorded.totals, cash: recorded.cash };
    },
    'sales.search': async (search) => {
      const found = store.searchSales(search);
      return { total: found.total, capped: found.capped, sales: found.sales.map(saleSummaryDto) };
    },
    'sales.get': async ({ id }) => {
      const sale = store.getSale(id);
      return sale ? saleDetailDto(sale, { attempts: store.listAttempts(sale.outbox.id), reprints: store.listReprints(sale.id) }) : null;
    },
    'sales.retry': async ({ id }) => {
      const sale = saleOrFail(id);
      if (sale.outbox.state !== 'needs_attention') {
        throw new BridgeFailure('INVALID_INPUT', `Sale ${sale.referenceCode} does not need attention; it is ${sale.outbox.state}.`);
      }
      // A sale goes back to the service it was rung up for, never to another: that service's engine is woken or
      // started (a real one with its stored secret). If it can no longer be reached, nothing changes and we say why.
      const own = sale.outbox.service === '' ? currentService(store) : sale.outbox.service;
      const why = own === currentService(store) ? null : await ctx.connection.unreachable(own);
      if (why) throw new BridgeFailure('UNAVAILABLE', `Sale ${sale.referenceCode} cannot be sent again: ${why}`);
      const entry = store.retryNeedsAttention(sale.outbox.id, own);
      announce(ctx, { entryId: entry.id, referenceCode: entry.referenceCode, state: entry.state });
      if (own !== currentService(store)) {
        // After the commit: a failure to start that engine is logged (the sale waits for it), never answered.
        await ctx.connection.wake(own).catch((error: unknown) => {
          ctx.log(`sale ${entry.referenceCode} is back in the queue; its service could not be started: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
      return saleDetailDto(saleOrFail(id));
    },

    'receipt.get': async ({ saleId, paperWidth }) => {
      const settings = await ctx.settings();
      return buildReceipt(saleOrFail(saleId), { ...settings, paperWidth: paperWidth ?? settings.paperWidth });
    },
    'receipt.print': async ({ saleId }) => ctx.printer.print(await printJob(saleId)),
    'receipt.pdf': async ({ saleId }) => ctx.printer.pdf(await printJob(saleId)),
  };
}
