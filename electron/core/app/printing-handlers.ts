/**
 * The thermal printer as the bridge sees it: its settings, a test page, printing a sale's receipt or a shift's X/Z
 * report, and the two moments the till prints by itself: when a sale is charged (drawer pulse for cash, optional provisional slip) and
 * when it validates (the fiscal receipt, once). Everything here runs after the sale's commit and never turns a
 * recorded sale into a failure.
 */
import { drawQr } from '../../../common/receipt/qr-image';
import type { PrinterDto, PrinterStatusDto, ReceiptDto } from '../../../shared/bridge/types';
import { LIMITS } from '../../../shared/limits';
import { columnsFor, type PrinterConnection } from '../../../shared/printer';
import { saleDetailSchema } from '../../../shared/shop/back-office';
import { zReportSchema, type ZReport } from '../../../shared/shop/back-office-records';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { drawerPulseBytes, escPosBytes } from '../printing/escpos-bytes';
import { sendToNetworkPrinter, type NetworkPrinterTimeouts } from '../printing/network-printer';
import { sendToOsQueue, type SpoolerOptions } from '../printing/os-spooler';
import { createPrintEngine, type PrintEngine } from '../printing/print-engine';
import { fiscalSince, printsOnValidation, readPrinterSettings, writePrinterSettings } from '../printing/printer-settings';
import { receiptBlocks, testPageBlocks } from '../printing/receipt-layout';
import { shiftReportBlocks } from '../printing/shift-report-layout';
import { buildReceipt } from '../receipt/receipt-model';
import { buildShopSaleReceipt, type ShopSaleCopy } from '../../../shared/receipt/shop-sale-receipt';
import type { PrintJobKind, PrintJobRecord } from '../store';
import type { AppContext } from './app-context';
import { reportOfShift } from './shift-report';

type PrintingMethods = 'printer.get' | 'printer.save' | 'printer.testPage' | 'printer.printSale' | 'printer.printShift';

/** How print jobs reach the printer; tests pass short timeouts, or a stand-in `lp`. */
export interface PrintingOptions {
  network?: Partial<NetworkPrinterTimeouts>;
  spooler?: SpoolerOptions;
  backoff?: { firstMs: number; maxMs: number };
  /** Replaces the real connections (the bridge fuzz: hostile host names must reach no network). */
  send?: (connection: Exclude<PrinterConnection, { kind: 'none' }>, bytes: Uint8Array, bytesLeft?: () => void) => Promise<void>;
}

export interface PrintingDesk {
  handlers: Pick<BridgeHandlers, PrintingMethods>;
  engine: PrintEngine;
  /** After a charge's commit: the drawer for cash, the provisional slip when asked for. Never throws. */
  afterCharge(sale: { saleId: number; cash: boolean }): void;
  /** A sale validated (or the app started): fiscal receipts of sales validated since automatic printing was on. Never throws. */
  catchUp(): void;
  /** Tienda: a Z as the shop server holds it (any till's), queued as a COPIA; refused when no receipt printer is set up. */
  /** Queued on the receipts' printer; null when this till prints its receipts through the print dialog. */
  printShopZ(report: ZReport): { jobId: number } | null;
  /**
   * Tienda: another till's validated sale as the shop server holds it, queued as a COPIA on the receipts' printer;
   * with none set up (receipts through the print dialog), its COPIA's paper for the page to show and print (issue 26).
   */
  printShopSale(copy: ShopSaleCopy): Promise<{ jobId: number } | { receipt: ReceiptDto }>;
}

const shopSaleCopySchema = saleDetailSchema.pick({ summary: true, sale: true });


export function printingDesk(ctx: AppContext, onStatus: (status: PrinterStatusDto) => void, opts: PrintingOptions = {}): PrintingDesk {
  const { store } = ctx;
  const printer = () => readPrinterSettings(store);

  const describe = (c: PrinterConnection): string =>
    c.kind === 'network' ? `${c.host}:${c.port}` : c.kind === 'os' ? `${c.queue} (OS)` : '-';

  async function bytesFor(job: PrintJobRecord): Promise<{ bytes: Uint8Array } | { drop: string }> {
    const setup = printer();
    const settings = await ctx.settings();
    const paper = { columns: columnsFor(settings.paperWidth), codePage: setup.codePage, qr: setup.qr };
    // Every byte of an earlier try reached the printer unconfirmed: it may be on paper (or the drawer open).
    const reprint = job.bytesLeftAt !== null;
    if (job.kind === 'drawer') return reprint ? { drop: 'the pulse may already have opened the drawer' } : { bytes: drawerPulseBytes() };
    if (job.kind === 'test') {
      return { bytes: escPosBytes(testPageBlocks(settings.locale, { ...paper, printer: describe(setup.connection) }), paper) };
    }
    if (job.kind === 'z-copy' && job.report !== null) {
      // Never this till's first print of that Z (the till that closed it printed it): always a copy.
      const report = zReportSchema.safeParse(JSON.parse(job.report));
      if (!report.success || report.data.kind !== 'Z') return { drop: 'the shop server\'s Z report does not read as one' };
      return { bytes: escPosBytes(shiftReportBlocks(report.data, settings.locale, { ...paper, copy: true, reprint }), paper) };
    }
    if (job.kind === 'shop-copy') {
      // Never an original here (the till that sold it printed that): always COPIA.
      const copy = job.report === null ? null : shopSaleCopySchema.safeParse(JSON.parse(job.report));
      // The service's own QR URL when the till pushed it, else the DIAN's lookup from the CUFE, by this till's service.
      const receipt = copy?.success ? buildShopSaleReceipt(copy.data, settings, settings.connection.mode === 'demo' ? 'test' : 'production') : null;
      if (!receipt) return { drop: 'the shop server\'s sale does not read as a validated invoice' };
      return { bytes: escPosBytes(receiptBlocks(receipt, settings.locale, { ...paper, copy: true, reprint }), paper) };
    }
    if (job.kind === 'x-report' || job.kind === 'z-report' || job.kind === 'z-copy') {
      const shift = job.shiftId === null ? null : store.getShift(job.shiftId);
      if (!shift) return { drop: `shift ${String(job.shiftId)} is not in this till's data` };
      // An X asked for while open but printed after the close would show figures the Z has replaced.
      if (job.kind === 'x-report' && shift.closedAt !== null) return { drop: 'the shift closed first; its Z report has the final figures' };
      if (job.kind !== 'x-report' && shift.closedAt === null) return { drop: 'the shift is still open; it has no Z report' };
      const report = reportOfShift(store, shift, ctx.now());
      return { bytes: escPosBytes(shiftReportBlocks(report, settings.locale, { ...paper, copy: job.kind === 'z-copy', reprint }), paper) };
    }
    const sale = job.saleId === null ? null : store.getSale(job.saleId);
    if (!sale) return { drop: `sale ${String(job.saleId)} is not in this till's data` };
    // A slip still waiting when its sale validated is replaced by the fiscal receipt: never both for one wait.
    if (job.kind === 'provisional' && sale.outbox.state === 'validated') return { drop: 'the sale validated first; its fiscal receipt replaces the slip' };
    const receipt = await buildReceipt(sale, settings);
    return { bytes: escPosBytes(receiptBlocks(receipt, settings.locale, { ...paper, copy: job.kind === 'copy', reprint }), paper) };
  }

  const engine = createPrintEngine({
    queue: store,
    connection: () => printer().connection,
    bytesFor,
    send: opts.send ?? ((connection, bytes, bytesLeft) => (connection.kind === 'network'
      ? sendToNetworkPrinter({ host: connection.host, port: connection.port, statusCheck: printer().statusCheck }, bytes, {
        connectMs: 3_000, answerMs: 3_000, writeMs: 15_000, ...opts.network,
      }, bytesLeft)
      : sendToOsQueue(connection.queue, bytes, opts.spooler))),
    onStatus,
    now: ctx.now,
    ...(opts.backoff ? { backoff: opts.backoff } : {}),
    log: (line) => ctx.log(line),
  });

  const enqueue = (kind: PrintJobKind, saleId: number | null, onceKey?: string, shiftId?: number, report?: string): PrintJobRecord | null => {
    if (store.waitingPrintJobs().jobs >= LIMITS.maxWaitingPrintJobs) {
      throw new BridgeFailure('UNAVAILABLE', `${LIMITS.maxWaitingPrintJobs} print jobs are already waiting; check the printer first.`);
    }
    const job = store.enqueuePrintJob({ kind, saleId, ...(shiftId ? { shiftId } : {}), ...(onceKey ? { onceKey } : {}), ...(report ? { report } : {}) });
    if (job) engine.kick();
    return job;
  };
  const bestEffort = (what: string, work: () => void): void => {
    try {
      work();
    } catch (error) {
      ctx.log(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const dto = (): PrinterDto => ({ settings: printer(), status: engine.status() });

  return {
    engine,
    handlers: {
      'printer.get': async () => dto(),
      'printer.save': async ({ settings }) => {
        writePrinterSettings(store, settings, ctx.now());
        engine.kick();
        return dto();
      },
      'printer.testPage': async () => {
        if (printer().connection.kind === 'none') throw new BridgeFailure('INVALID_INPUT', 'No receipt printer is set up; choose one first.', { 'settings.connection.kind': 'choose a network printer or a printer of this computer' });
        const job = enqueue('test', null);
        return { jobId: job?.id ?? 0 };
      },
      'printer.printSale': async ({ saleId }) => {
        const sale = store.getSale(saleId);
        if (!sale) throw new BridgeFailure('NOT_FOUND', `There is no sale ${saleId}.`);
        if (printer().connection.kind === 'none') throw new BridgeFailure('INVALID_INPUT', 'No receipt printer is set up; choose one first.', { 'settings.connection.kind': 'choose a network printer or a printer of this computer' });
        if (sale.outbox.state !== 'validated') {
          const job = enqueue('provisional', saleId);
          return { jobId: job?.id ?? 0, kind: 'provisional' as const };
        }
        // The fiscal receipt once; anything asked for after that is a copy and says COPIA.
        const fiscal = enqueue('fiscal', saleId, `fiscal:${saleId}`);
        if (fiscal) return { jobId: fiscal.id, kind: 'fiscal' as const };
        const copy = enqueue('copy', saleId);
        return { jobId: copy?.id ?? 0, kind: 'copy' as const };
      },
      'printer.printShift': async ({ shiftId }) => {
        const shift = store.getShift(shiftId);
        if (!shift) throw new BridgeFailure('NOT_FOUND', `There is no shift ${shiftId}.`);
        if (printer().connection.kind === 'none') throw new BridgeFailure('INVALID_INPUT', 'No receipt printer is set up; choose one first.', { 'settings.connection.kind': 'choose a network printer or a printer of this computer' });
        if (shift.closedAt === null) {
          const job = enqueue('x-report', null, undefined, shiftId);
          return { jobId: job?.id ?? 0, kind: 'x-report' as const };
        }
        // Like a sale's receipt: the Z once, and every later print says COPIA.
        const z = enqueue('z-report', null, `z-report:${shiftId}`, shiftId);
        if (z) return { jobId: z.id, kind: 'z-report' as const };
        const copy = enqueue('z-copy', null, undefined, shiftId);
        return { jobId: copy?.id ?? 0, kind: 'z-copy' as const };
      },
    },
    afterCharge({ saleId, cash }) {
      const setup = printer();
      if (setup.connection.kind === 'none') return;
      if (cash && setup.drawerOnCash) bestEffort(`sale ${saleId} is recorded; its drawer pulse could not be queued`, () => enqueue('drawer', saleId, `drawer:${saleId}`));
      if (setup.printAtCharge) bestEffort(`sale ${saleId} is recorded; its slip could not be queued`, () => enqueue('provisional', saleId, `provisional:${saleId}`));
    },
    printShopZ(report) {
      // The till's own receipts and Z go through the print dialog: so does the COPIA (the page shows the Z).
      if (printer().connection.kind === 'none') return null;
      const job = enqueue('z-copy', null, undefined, undefined, JSON.stringify(report));
      return { jobId: job?.id ?? 0 };
    },
    async printShopSale(copy) {
      if (printer().connection.kind === 'none') {
        // The till's own receipts go through the print dialog: so does the COPIA, drawn as this till draws receipts.
        const settings = await ctx.settings();
        const receipt = buildShopSaleReceipt(copy, settings, settings.connection.mode === 'demo' ? 'test' : 'production');
        if (!receipt?.qrUrl) throw new BridgeFailure('INVALID_INPUT', 'Only a sale the DIAN validated has a fiscal copy to print.', undefined, 'SALE_NOT_VALIDATED');
        // copyNumber 0: another till's sale; its own reprints are numbered in its history.
        return { receipt: { ...receipt, qrImage: await drawQr(receipt.qrUrl), copy: { copyNumber: 0, at: ctx.now(), fiscal: true } } };
      }
      const job = enqueue('shop-copy', null, undefined, undefined, JSON.stringify({ summary: copy.summary, sale: copy.sale }));
      return { jobId: job?.id ?? 0 };
    },
    catchUp() {
      bestEffort('fiscal receipts could not be queued', () => {
        // Jobs left from before a restart go out too.
        engine.kick();
        const setup = printer();
        const since = fiscalSince(store);
        if (!printsOnValidation(setup) || since === null) return;
        if (store.enqueueFiscalReceiptsSince(since) > 0) engine.kick();
      });
    },
  };
}
