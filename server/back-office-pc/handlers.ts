/**
 * The back-office PC (issue 21: "on the back-office PC with no till"): the bridge methods of the owner's view
 * (`shop.*`, what renderer/owner/ calls), answered by the shop server's process itself against its store, with the
 * server's own sessions (the per-person PIN pauses included). Inputs arrive validated by the bridge contract's
 * schemas (shared/bridge/dispatch-call.ts), the same ones the server's HTTP routes use. The session's token stays
 * in this closure: the page never holds it. One session at a time, like a till's.
 */
import type { BackOfficeSessionDto } from '../../shared/bridge/types';
import type { BridgeHandlerTable } from '../../shared/bridge/dispatch-call';
import type { BackOfficeSessions } from '../back-office/sessions';
import type { Database } from '../db/adapter';
import type { ChangeNotifier } from '../http/change-notifier';
import type { SalesSignal } from '../http/sales-signal';
import { dashboard } from '../store/dashboard';
import { readShopInvoicing } from '../confirm/shop-invoicing';
import { dayReport } from '../store/day-report';
import { saleDetail, searchSales } from '../store/sale-history';
import { readShop } from '../store/shop';
import { backOfficePcRecordHandlers, type BackOfficePcRecordMethods } from './record-handlers';
import { BackOfficeRefusal } from './refusal';
import { saleCopyReceipt } from './sale-copy';

export type BackOfficePcMethods = 'app.info' | 'shop.owners' | 'shop.openBackOffice' | 'shop.closeBackOffice' | 'shop.sales'
  | 'shop.sale' | 'shop.reprintSale' | 'shop.printSaleCopy' | 'shop.dayReport' | 'shop.dashboard' | 'shop.waitForChange' | 'shop.printDayReport' | 'shop.dayReportPdf'
  | BackOfficePcRecordMethods;

export interface BackOfficePcContext {
  db: Database;
  sessions: BackOfficeSessions;
  signal: SalesSignal;
  /** Wakes the tills' feed after a save from here, so every till receives it (the server's own notifier). */
  notifier: ChangeNotifier;
  now: () => number;
  version: string;
}

const closed = (message = 'Open the shop\'s back office with an owner\'s PIN first.') =>
  new BackOfficeRefusal({ code: 'FORBIDDEN', message, reason: 'BACK_OFFICE_CLOSED' });

interface OwnerRow { key: string; name: string }

export function backOfficePcHandlers(ctx: BackOfficePcContext): Pick<BridgeHandlerTable, BackOfficePcMethods> {
  let session: { token: string; dto: BackOfficeSessionDto } | null = null;

  /** The open session, still valid at the server's sessions (idle, 8 h, the owner changed); else closed. */
  async function checked(): Promise<void> {
    const open = session;
    if (!open) throw closed();
    const outcome = await ctx.sessions.check(open.token);
    if (!outcome.ok) {
      if (session === open) session = null;
      throw closed('The back-office session has ended; type the owner\'s PIN again.');
    }
  }

  return {
    ...backOfficePcRecordHandlers(ctx, checked),
    'app.info': async () => ({
      version: ctx.version, shell: 'browser', mode: 'back-office', demo: false, locale: 'es-CO', tillId: '', softwareName: 'Mostrador POS',
    }),
    'shop.owners': async () => {
      const { rows } = await ctx.db.query<OwnerRow>(
        `SELECT key, data->>'name' AS name FROM people
          WHERE data->>'role' = 'owner' AND (data->>'active')::boolean ORDER BY data->>'name', key`);
      return { owners: rows.map((r) => ({ key: r.key, name: r.name })) };
    },
    'shop.openBackOffice': async ({ pin, personKey }) => {
      if (personKey === undefined) {
        throw new BackOfficeRefusal({ code: 'INVALID_INPUT', message: 'Choose who is opening the back office.', fields: { personKey: 'choose an owner' }, reason: 'CHOOSE_OWNER' });
      }
      const outcome = await ctx.sessions.open(personKey, pin);
      if (!outcome.ok && outcome.code === 'pin_paused') {
        throw new BackOfficeRefusal({ code: 'FORBIDDEN', message: `Too many wrong PINs: wait until ${new Date(outcome.until).toISOString()}.`, fields: { pin: 'paused' }, reason: 'PIN_LOCKED' });
      }
      if (!outcome.ok) {
        throw new BackOfficeRefusal({ code: 'FORBIDDEN', message: 'The shop server did not accept that owner\'s PIN.', fields: { pin: 'not this owner\'s PIN' }, reason: 'SHOP_PIN_REFUSED' });
      }
      const shop = await readShop(ctx.db);
      const previous = session;
      session = {
        token: outcome.token,
        dto: { personName: outcome.person.name, shopName: shop.name, tillNumber: null, expiresAt: outcome.expiresAt },
      };
      if (previous) await ctx.sessions.end(previous.token);
      return session.dto;
    },
    'shop.closeBackOffice': async () => {
      const open = session;
      session = null;
      if (!open) return { closed: false };
      await ctx.sessions.end(open.token);
      return { closed: true };
    },
    'shop.sales': async (query) => {
      await checked();
      return searchSales(ctx.db, query);
    },
    'shop.sale': async ({ referenceCode }) => {
      await checked();
      const detail = await saleDetail(ctx.db, referenceCode);
      if (!detail) throw new BackOfficeRefusal({ code: 'NOT_FOUND', message: 'The shop server has no such sale.' });
      return detail;
    },
    // No receipts' printer here: it answers the COPIA's paper and the page prints it (browser mode's window.print()).
    'shop.reprintSale': async ({ referenceCode }) => {
      await checked();
      const detail = await saleDetail(ctx.db, referenceCode);
      if (!detail) throw new BackOfficeRefusal({ code: 'NOT_FOUND', message: 'The shop server has no such sale.' });
      if (detail.sale.service.state !== 'validated' || !detail.sale.service.cufe) {
        throw new BackOfficeRefusal({ code: 'INVALID_INPUT', message: 'Only a sale the DIAN validated has a fiscal copy to print.', reason: 'SALE_NOT_VALIDATED' });
      }
      return { queued: false, receipt: await saleCopyReceipt(ctx.db, detail, ctx.now()) };
    },
    // No receipts' printer here: the page prints the COPIA itself (window.print()).
    'shop.printSaleCopy': async () => {
      await checked();
      return { printed: false };
    },
    'shop.dayReport': async ({ date }) => {
      await checked();
      return dayReport(ctx.db, date);
    },
    'shop.dashboard': async () => {
      await checked();
      return { ...await dashboard(ctx.db, ctx.now(), { withFeedAside: true }), invoicing: await readShopInvoicing(ctx.db, ctx.now()) };
    },
    'shop.waitForChange': async ({ since, wait }) => {
      await checked();
      return ctx.signal.waitPast(since, wait * 1000);
    },
    // No receipts' printer here: the page prints itself (browser mode's window.print(), 80 mm from receipt.css).
    'shop.printDayReport': async () => {
      await checked();
      return { printed: false };
    },
    'shop.dayReportPdf': async () => {
      await checked();
      throw new BackOfficeRefusal({ code: 'UNAVAILABLE', message: 'Save the day report as PDF from the browser\'s print dialog.', reason: 'PRINT_DIALOG' });
    },
  };
}
