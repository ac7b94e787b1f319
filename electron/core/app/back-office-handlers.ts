/**
 * "Tienda" (issue 21): the owner's view of every till, read from the shop server through this paired till. The
 * owner's PIN is checked here first (an active owner of this till, with the PIN guard's pauses) and then by the
 * server, which opens a session for that person; the session's token lives in this closure only. Every answer is
 * checked against shared/shop/back-office.ts by the client before a screen sees it.
 */
import type { BackOfficeSessionDto, ReceiptDto } from '../../../shared/bridge/types';
import type { ZReport } from '../../../shared/shop/back-office-records';
import type { ShopSaleCopy } from '../../../shared/receipt/shop-sale-receipt';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { Person } from '../store/people';
import { backOfficeClient, openBackOfficeSession, type BackOfficeClient } from '../shop/back-office-client';
import type { ShopClientOptions } from '../shop/shop-client';
import { ShopError } from '../shop/shop-error';
import type { ShopLink } from '../shop/shop-link';
import { loadTillKey } from '../shop/till-key';
import type { AppContext } from './app-context';

type BackOfficeMethods = 'shop.owners' | 'shop.openBackOffice' | 'shop.closeBackOffice' | 'shop.sales' | 'shop.sale' | 'shop.dayReport'
  | 'shop.dashboard' | 'shop.waitForChange' | 'shop.printDayReport' | 'shop.dayReportPdf'
  | 'shop.products' | 'shop.saveProduct' | 'shop.customers' | 'shop.saveCustomer' | 'shop.people' | 'shop.savePerson'
  | 'shop.shifts' | 'shop.shift' | 'shop.printShift' | 'shop.reprintSale' | 'shop.printSaleCopy';

export interface BackOfficeDeps {
  /** The active owner whose PIN this is (FORBIDDEN otherwise), through the till's PIN guard. */
  ownerByPin(pin: string): Promise<Person>;
  /** Whether anybody is set up at this till (without people there is no owner to name at the server). */
  peopleSetUp(): boolean;
  /** Queues a Z as the server holds it on this till's receipt printer, as a COPIA (printing-handlers.ts). */
  printShopZ(report: ZReport): { jobId: number } | null;
  /** Another till's validated sale, as the server holds it: queued on this till's receipt printer as a COPIA, or its paper when this till prints through the dialog. */
  printShopSale(copy: ShopSaleCopy): Promise<{ jobId: number } | { receipt: ReceiptDto }>;
}

const closed = (message = 'Open the shop\'s back office with an owner\'s PIN first.') =>
  new BridgeFailure('FORBIDDEN', message, undefined, 'BACK_OFFICE_CLOSED');

/** A server refusal or an unreachable server, as a reason Tienda says in Spanish. */
export function backOfficeFailure(error: unknown): BridgeFailure {
  if (error instanceof BridgeFailure) return error;
  if (error instanceof ShopError) {
    if (error.code === 'HTTP' && error.serverCode === 'pin_refused') {
      return new BridgeFailure('FORBIDDEN', 'The shop server did not accept that owner\'s PIN.', { pin: 'the server did not accept this PIN' }, 'SHOP_PIN_REFUSED');
    }
    if (error.code === 'HTTP' && error.serverCode === 'pin_paused') return new BridgeFailure('FORBIDDEN', 'Too many wrong PINs at the server: wait and try again.', { pin: 'paused' }, 'PIN_LOCKED');
    if (error.code === 'HTTP' && error.status === 404) return new BridgeFailure('NOT_FOUND', 'The shop server has no such record.');
    const refused = refusalOf(error);
    if (refused) return refused;
    return new BridgeFailure('UNAVAILABLE', `The shop server could not be reached: ${error.message}`, undefined, `SHOP_${error.code === 'HTTP' ? `HTTP_${error.status ?? 0}` : error.code}`);
  }
  return new BridgeFailure('INTERNAL', 'The shop\'s back office failed.');
}

/** A save the server refused: the fields of a 400, or a rule of the shop (a name taken, the last owner) as a reason. */
function refusalOf(error: ShopError): BridgeFailure | null {
  const body = (error.body ?? {}) as { error?: { message?: unknown; problems?: unknown; field?: unknown } };
  const message = typeof body.error?.message === 'string' ? body.error.message : 'The shop server refused the change.';
  if (error.status === 400 && Array.isArray(body.error?.problems)) {
    const fields: Record<string, string> = {};
    for (const p of body.error.problems as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof p.field === 'string' && typeof p.message === 'string') fields[p.field] ??= p.message;
    }
    return new BridgeFailure('INVALID_INPUT', `Some data is not valid — ${message}`, fields);
  }
  if (error.status === 409 && error.serverCode && typeof body.error?.field === 'string') {
    return new BridgeFailure('INVALID_INPUT', message, { [body.error.field]: message }, error.serverCode.toUpperCase());
  }
  return null;
}

export function backOfficeHandlers(
  ctx: Pick<AppContext, 'store' | 'credentials' | 'now' | 'printer' | 'settings'>,
  link: Pick<ShopLink, 'pairing' | 'heard' | 'trouble'> & Partial<Pick<ShopLink, 'addresses'>>,
  deps: BackOfficeDeps,
  clientOptions: Partial<ShopClientOptions> = {},
): Pick<BridgeHandlers, BackOfficeMethods> {
  let session: { client: BackOfficeClient; dto: BackOfficeSessionDto } | null = null;

  /**
   * What Tienda learns of the server is the link's news too (one truth on screen): any answer is contact; a request
   * that could not reach it (network, timeout, the server failing) is trouble. A refusal (a 4xx) is an answer.
   */
  function tell(error: unknown | null): void {
    if (error === null || (error instanceof ShopError && error.code === 'HTTP' && !error.transient)) link.heard();
    else if (error instanceof ShopError) link.trouble(error);
  }

  /** A read through the open session; a session the server ended is forgotten here too. */
  async function read<T>(run: (client: BackOfficeClient) => Promise<T>): Promise<T> {
    const open = session;
    if (!open) throw closed();
    try {
      const answer = await run(open.client);
      tell(null);
      return answer;
    } catch (error) {
      tell(error);
      if (error instanceof ShopError && error.status === 401 && (error.serverCode === 'session_expired' || error.serverCode === 'session_required')) {
        if (session === open) session = null;
        throw closed('The back-office session has ended; type the owner\'s PIN again.');
      }
      throw backOfficeFailure(error);
    }
  }

  async function paperJob(date: string, paperWidth: 80 | 58 | undefined) {
    if (!session) throw closed();
    const settings = await ctx.settings();
    return {
      paper: 'day-report' as const, paperWidth: paperWidth ?? settings.paperWidth, printerName: settings.printerName,
      silent: settings.silentPrint, fileName: `informe-del-dia-${date}.pdf`,
    };
  }

  return {
    // A till knows who by the PIN; choosing from a list is the back-office PC's way (server/back-office-pc/).
    'shop.owners': async () => { throw new BridgeFailure('UNAVAILABLE', 'At a till the owner\'s PIN says who is opening the back office.', undefined, 'BACK_OFFICE_PC_ONLY'); },
    'shop.openBackOffice': async ({ pin, personKey: chosen }) => {
      const pairing = link.pairing();
      if (!pairing) throw new BridgeFailure('UNAVAILABLE', 'This till is not paired with a shop server.', undefined, 'SHOP_NOT_PAIRED');
      if (!deps.peopleSetUp()) throw new BridgeFailure('FORBIDDEN', 'Set up an owner with a PIN at this till first.', { pin: 'no owner is set up' }, 'NO_OWNER');
      const owner = await deps.ownerByPin(pin);
      const personKey = ctx.store.personShopKey(owner.id);
      if (!personKey) throw new BridgeFailure('FORBIDDEN', 'This owner is not known to the shop server yet.', { pin: 'not at the server yet' }, 'SHOP_PIN_REFUSED');
      if (chosen !== undefined && chosen !== personKey) throw new BridgeFailure('FORBIDDEN', 'That PIN is not the chosen owner\'s.', { pin: 'not this owner\'s PIN' }, 'SHOP_PIN_REFUSED');
      const privateKey = await loadTillKey(ctx.credentials, ctx.store.tillId());
      if (!privateKey) throw new BridgeFailure('UNAVAILABLE', 'The till key is not in the keychain; pair the till again.', undefined, 'SHOP_HTTP_401');
      // Every address the till knows (issue 27): Tienda follows the server where the loops found it.
      const addresses = link.addresses?.() ?? null;
      const base = { ...clientOptions, baseUrl: pairing.serverUrl, ...(addresses ? { addresses } : {}), pin: pairing.pin, now: ctx.now };
      let opened;
      try {
        opened = await openBackOfficeSession({ ...base, tillId: pairing.tillId, privateKey }, { personKey, pin });
        tell(null);
      } catch (error) {
        tell(error);
        throw backOfficeFailure(error);
      }
      // A session opened before (another owner, or the same one again) is ended at the server: one at a time.
      const previous = session;
      session = {
        client: backOfficeClient(base, opened.token),
        dto: { personName: opened.person.name, shopName: pairing.shopName, tillNumber: pairing.tillNumber, expiresAt: opened.expiresAt },
      };
      if (previous) void previous.client.end().catch(() => {});
      return session.dto;
    },
    'shop.closeBackOffice': async () => {
      const open = session;
      session = null;
      if (!open) return { closed: false };
      // Best effort: the server forgets an idle session by itself anyway.
      await open.client.end().catch(() => {});
      return { closed: true };
    },
    'shop.sales': async (query) => read((c) => c.sales(query)),
    'shop.sale': async ({ referenceCode }) => read((c) => c.sale(referenceCode)),
    'shop.dayReport': async ({ date }) => read((c) => c.dayReport(date)),
    'shop.dashboard': async () => read((c) => c.dashboard()),
    'shop.waitForChange': async ({ since, wait }) => read((c) => c.waitForChange(since, wait)),
    'shop.products': async (query) => read((c) => c.products(query)),
    'shop.saveProduct': async (body) => read((c) => c.saveProduct(body)),
    'shop.customers': async (query) => read((c) => c.customers(query)),
    'shop.saveCustomer': async (body) => read((c) => c.saveCustomer(body)),
    'shop.people': async () => read((c) => c.people()),
    // The PIN goes to the server once, inside this call, and is hashed there; nothing here keeps or logs it.
    'shop.savePerson': async (body) => read((c) => c.savePerson(body)),
    'shop.shifts': async (query) => read((c) => c.shifts(query)),
    'shop.shift': async ({ tillNumber, shiftId }) => read((c) => c.shift(tillNumber, shiftId)),
    // The Z is fetched again here (the page's copy is never trusted for paper) and printed as the server holds it.
    'shop.printShift': async ({ tillNumber, shiftId }) => {
      const detail = await read((c) => c.shift(tillNumber, shiftId));
      if (detail.report?.kind !== 'Z') throw new BridgeFailure('NOT_FOUND', 'The shop server has no Z report of that shift.', undefined, 'NO_Z_REPORT');
      if (deps.printShopZ(detail.report)) return { queued: true };
      // No receipts' printer: the Z on the page goes through the print dialog, as this till prints its own Z.
      const settings = await ctx.settings();
      const printed = await ctx.printer.print({
        paper: 'shift-report', paperWidth: settings.paperWidth, printerName: settings.printerName, silent: settings.silentPrint,
        fileName: `z-caja-${tillNumber}-turno-${shiftId}.pdf`,
      });
      return { queued: false, printed: printed.printed };
    },
    // Like the Z: fetched again (never the page's copy); only a validated invoice has a fiscal copy to print.
    'shop.reprintSale': async ({ referenceCode }) => {
      const detail = await read((c) => c.sale(referenceCode));
      const { service } = detail.sale;
      if (service.state !== 'validated' || !service.fullNumber || !service.cufe) {
        throw new BridgeFailure('INVALID_INPUT', 'Only a sale the DIAN validated has a fiscal copy to print.', undefined, 'SALE_NOT_VALIDATED');
      }
      const printed = await deps.printShopSale(detail);
      return 'receipt' in printed ? { queued: false, receipt: printed.receipt } : { queued: true };
    },
    // The COPIA's paper is on the page now: printed as this till prints its receipts through the dialog.
    'shop.printSaleCopy': async () => {
      if (!session) throw closed();
      const settings = await ctx.settings();
      return ctx.printer.print({
        paper: 'sale-copy', paperWidth: settings.paperWidth, printerName: settings.printerName, silent: settings.silentPrint, fileName: 'copia.pdf',
      });
    },
    'shop.printDayReport': async ({ date, paperWidth }) => ctx.printer.print(await paperJob(date, paperWidth)),
    'shop.dayReportPdf': async ({ date, paperWidth }) => ctx.printer.pdf(await paperJob(date, paperWidth)),
  };
}
