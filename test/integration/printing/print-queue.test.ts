/**
 * The print queue end to end: the composed app (real SQLite file, embedded demo sandbox over HTTP on 127.0.0.1,
 * real keychain under a throwaway service name) printing to a fake network printer, a TCP server on 127.0.0.1
 * that records the bytes. A cash sale opens the drawer at once; its fiscal receipt prints by itself when it
 * validates, with the document's qr_url in the QR; a reprint is a COPIA. A printer that refuses, never answers,
 * hangs up mid-job or is out of paper loses nothing and prints nothing twice; a restart keeps the waiting jobs.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composePosApp, type ComposedApp } from '../../../electron/compose';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import type { BridgeInput, BridgeMethod, BridgeResult } from '../../../shared/bridge/contract';
import type { PrinterStatusDto } from '../../../shared/bridge/types';
import { consumidorFinal } from '../../../shared/customer';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../shared/printer';
import { decodeEscPos } from '../../support/escpos-decoder';
import { startFakePrinter, wholeJobs, type FakePrinter, type FakePrinterMode } from '../../support/escpos-fake-printer';
import { FAST_API, FAST_ENGINE } from '../../support/sync-rig';

interface Till {
  composed: ComposedApp;
  value<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeResult<M>>;
  statuses: PrinterStatusDto[];
}

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openTill(dataDir: string, keychainService: string): Promise<Till> {
  const statuses: PrinterStatusDto[] = [];
  const composed = await composePosApp({
    dataDir, shell: 'browser', version: '0.0.0-test', keychainService, demoValidationDelayMs: 100, api: FAST_API, engine: FAST_ENGINE,
    printing: { network: { connectMs: 1_000, answerMs: 1_500, writeMs: 3_000 }, backoff: { firstMs: 50, maxMs: 200 } },
  });
  composed.app.subscribe((e) => {
    if (e.event === 'printer.status') statuses.push(e.payload);
  });
  return {
    composed, statuses,
    async value(method, input) {
      const envelope = await dispatch(composed.app.handlers, method, input);
      if (!envelope.ok) throw new Error(`${method} failed: ${JSON.stringify(envelope.error)}`);
      return envelope.value as never;
    },
  };
}

async function setUp(mode: FakePrinterMode = 'ok') {
  const printer = await startFakePrinter({ mode });
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-print-'));
  const keychainService = `MostradorTest-${randomUUID()}`;
  const till = await openTill(dataDir, keychainService);
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }), () => printer.close(), () => till.composed.close());
  const settings: PrinterSettings = { ...DEFAULT_PRINTER_SETTINGS, connection: { kind: 'network', host: '127.0.0.1', port: printer.port } };
  await till.value('printer.save', { settings });
  return { printer, dataDir, keychainService, till };
}

const cashSale = {
  customer: consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' }),
  items: [{ code: 'CAF-500', name: 'Café molido 500 g, año nuevo', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] }],
  payment: { form_code: '1', means_code: '10' },
  cash: { received: 50_000 },
};

/** Polls (bounded: 200 × 50 ms) until the condition holds. */
async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 200; i++) {
    last = await read();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen; last seen ${JSON.stringify(last)}`);
}

const validated = (till: Till, saleId: number) =>
  until(`sale ${saleId} validated`, () => till.value('sales.get', { id: saleId }), (s) => s?.state === 'validated');
const nothingWaiting = (till: Till) =>
  until('the print queue empty', () => till.value('printer.get', {}), (p) => p.status.waitingJobs === 0);
const receiptsOf = (printer: FakePrinter) => wholeJobs(printer).map((bytes) => decodeEscPos(bytes));

describe('printing at the counter through a network printer', () => {
  it('opens the drawer for a cash sale, prints its fiscal receipt once when it validates (QR = qr_url), then only a COPIA', async () => {
    const { printer, till } = await setUp();
    const charged = await till.value('sales.charge', cashSale);
    const sale = await validated(till, charged.saleId);
    await nothingWaiting(till);

    const decoded = printer.connections.map((bytes) => decodeEscPos(bytes));
    expect(decoded.filter((d) => d.pulses.length > 0)).toHaveLength(1);
    const receipts = receiptsOf(printer);
    expect(receipts).toHaveLength(1);
    const fiscal = receipts[0];
    expect(fiscal?.qrPayloads).toEqual([sale?.qrUrl]);
    expect(fiscal?.lines.join('\n')).toContain(`Número: ${sale?.fullNumber}`);
    expect(fiscal?.lines.join('\n')).toContain('Café molido 500 g, año nuevo');

    // Asking again prints a copy that says so; the fiscal receipt is never printed a second time.
    const again = await till.value('printer.printSale', { saleId: charged.saleId });
    expect(again.kind).toBe('copy');
    await nothingWaiting(till);
    const all = receiptsOf(printer);
    expect(all).toHaveLength(2);
    expect(all[1]?.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
    expect(all.filter((r) => !r.lines.join('\n').includes('COPIA'))).toHaveLength(1);
  });

  it('a card sale opens no drawer; a slip at charge time is printed only while the sale is not validated', async () => {
    const { printer, till } = await setUp();
    await till.value('printer.save', {
      settings: { ...DEFAULT_PRINTER_SETTINGS, printAtCharge: true, connection: { kind: 'network', host: '127.0.0.1', port: printer.port } },
    });
    const { cash: _cash, ...rest } = cashSale;
    const charged = await till.value('sales.charge', { ...rest, payment: { form_code: '1', means_code: '48' } });
    await validated(till, charged.saleId);
    await nothingWaiting(till);
    const decoded = printer.connections.map((bytes) => decodeEscPos(bytes));
    expect(decoded.some((d) => d.pulses.length > 0)).toBe(false);
    const receipts = receiptsOf(printer);
    const fiscal = receipts.filter((r) => r.qrPayloads.length === 1);
    const slips = receipts.filter((r) => r.lines.join('\n').includes('COMPROBANTE PROVISIONAL'));
    expect(fiscal).toHaveLength(1);
    // The slip raced a 100 ms validation: printed before it, or replaced by the fiscal receipt; never both after.
    expect(slips.length).toBeLessThanOrEqual(1);
  });

  for (const [mode, expectedState] of [
    ['refuse', 'not_responding'], ['silent', 'not_responding'], ['closeMidJob', 'not_responding'], ['paperOut', 'paper_out'], ['offline', 'offline'],
    ['paperEndOffline', 'paper_out'],
  ] as const) {
    it(`a printer that ${mode === 'refuse' ? 'refuses connections' : mode === 'silent' ? 'accepts and never answers' : mode === 'closeMidJob' ? 'hangs up mid-job' : mode === 'paperOut' ? 'is out of paper' : mode === 'paperEndOffline' ? 'went offline at paper end (says "sin papel")' : 'is offline'} keeps the receipt waiting, then prints it exactly once`, async () => {
      const { printer, till } = await setUp(mode === 'refuse' ? 'ok' : mode);
      if (mode === 'refuse') await printer.refuse();
      const charged = await till.value('sales.charge', cashSale);
      const sale = await validated(till, charged.saleId);
      const stuck = await until('the receipt waiting', () => till.value('printer.get', {}),
        (p) => p.status.waitingReceipts === 1 && p.status.state === expectedState && p.status.lastError !== null);
      expect(stuck.status.lastErrorCode).toBeTruthy();
      expect(till.statuses.some((s) => s.state === expectedState && s.waitingReceipts === 1)).toBe(true);
      expect(wholeJobs(printer)).toHaveLength(0);
      if (mode === 'closeMidJob') expect(printer.connections.some((c) => c.length > 0)).toBe(true); // part of a job did arrive

      printer.mode = 'ok';
      if (mode === 'refuse') await printer.accept();
      await nothingWaiting(till);
      const receipts = receiptsOf(printer);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.qrPayloads).toEqual([sale?.qrUrl]);
      // Several more backoff periods: still one.
      await new Promise((r) => setTimeout(r, 600));
      expect(receiptsOf(printer)).toHaveLength(1);
      const status = await till.value('printer.get', {});
      expect(status.status).toMatchObject({ state: 'idle', waitingReceipts: 0, lastError: null });
    });
  }

  it('a printer that took the whole receipt and hung up before confirming it gets the next print marked REIMPRESIÓN, never a second original', async () => {
    const { printer, till } = await setUp('dropAfterJob');
    const { cash: _cash, ...rest } = cashSale;
    const charged = await till.value('sales.charge', { ...rest, payment: { form_code: '1', means_code: '48' } });
    const sale = await validated(till, charged.saleId);
    await until('the receipt waiting', () => till.value('printer.get', {}),
      (p) => p.status.waitingReceipts === 1 && p.status.lastError !== null);
    // The whole receipt, cut included, reached the printer: it may well be on paper.
    expect(receiptsOf(printer)).toHaveLength(1);

    printer.mode = 'ok';
    await nothingWaiting(till);
    const receipts = receiptsOf(printer);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]?.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** REIMPRESIÓN ***');
    expect(receipts[1]?.qrPayloads).toEqual([sale?.qrUrl]);
    expect(receipts.filter((r) => !/REIMPRESIÓN|COPIA/.test(r.lines.join('\n')))).toHaveLength(1);
  });

  it('keeps a waiting receipt through a restart and prints it once the printer answers', async () => {
    const { printer, dataDir, keychainService, till } = await setUp();
    await printer.refuse();
    const charged = await till.value('sales.charge', cashSale);
    const sale = await validated(till, charged.saleId);
    await until('the receipt waiting', () => till.value('printer.get', {}), (p) => p.status.waitingReceipts === 1);
    await till.composed.close();
    cleanup.splice(cleanup.length - 1, 1);

    await printer.accept();
    const reopened = await openTill(dataDir, keychainService);
    cleanup.push(() => reopened.composed.close());
    await nothingWaiting(reopened);
    const receipts = receiptsOf(printer);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.qrPayloads).toEqual([sale?.qrUrl]);
    // The drawer pulse is not replayed after a restart long after its sale: it is only sent within a minute.
    expect(printer.connections.map((b) => decodeEscPos(b)).filter((d) => d.pulses.length > 0).length).toBeLessThanOrEqual(1);
  });

  it('prints a test page from Settings, and refuses one when no printer is set up', async () => {
    const { printer, till } = await setUp();
    await till.value('printer.testPage', {});
    await nothingWaiting(till);
    expect(receiptsOf(printer)[0]?.lines.join('\n')).toContain('ñ Ñ á é í ó ú ü ¿Sí? ¡Listo!');
    await till.value('printer.save', { settings: DEFAULT_PRINTER_SETTINGS });
    const refused = await dispatch(till.composed.app.handlers, 'printer.testPage', {});
    expect(refused.ok).toBe(false);
  });

  it('prints an open shift\'s X report, then its Z once at the close with the counted cash, and a later Z as COPIA', async () => {
    const { printer, till } = await setUp();
    const shift = await till.value('shifts.open', { openingCash: 100_000 });
    const charged = await till.value('sales.charge', cashSale);
    await validated(till, charged.saleId);
    await nothingWaiting(till);
    const before = receiptsOf(printer).length;

    expect((await till.value('printer.printShift', { shiftId: shift.id })).kind).toBe('x-report');
    await nothingWaiting(till);
    const x = receiptsOf(printer)[before];
    expect(x?.lines.find((l) => l.trim() !== '')?.trim()).toBe('INFORME X');
    expect(x?.lines.join('\n')).not.toContain('Diferencia');

    const z = await till.value('shifts.close', { shiftId: shift.id, count: { bills: { '100000': 1, '20000': 2 }, coins: {} } });
    expect((await till.value('printer.printShift', { shiftId: shift.id })).kind).toBe('z-report');
    expect((await till.value('printer.printShift', { shiftId: shift.id })).kind).toBe('z-copy');
    await nothingWaiting(till);
    const [first, copy] = receiptsOf(printer).slice(before + 1);
    const text = first?.lines.join('\n') ?? '';
    expect(first?.lines.find((l) => l.trim() !== '')?.trim()).toBe('INFORME Z');
    expect(text).toMatch(new RegExp(`Cantidad de ventas +${z.sales.count}\n`));
    expect(text).not.toMatch(/x 0\n/);
    // The frozen Z's own figures: 100 000 + 40 500 asked in cash (40 483,80 rounded to 50 pesos), 140 000 counted.
    expect([z.cash.expected, z.cash.counted, z.cash.difference]).toEqual(['140500.00', '140000.00', '-500.00']);
    expect(text).toMatch(/Esperado en caja +\$ 140\.500,00/);
    expect(text).toMatch(/Contado +\$ 140\.000,00/);
    expect(text).toMatch(/Diferencia +-\$ 500,00 faltante/);
    expect(first?.cuts).toBe(1);
    expect(copy?.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
    expect(copy?.lines.join('\n')).toContain('INFORME Z');
  });

  it('refuses a shift report on the thermal printer when none is set up, or for a shift that does not exist', async () => {
    const { till } = await setUp();
    const shift = await till.value('shifts.open', { openingCash: 0 });
    expect((await dispatch(till.composed.app.handlers, 'printer.printShift', { shiftId: shift.id + 99 })).ok).toBe(false);
    await till.value('printer.save', { settings: DEFAULT_PRINTER_SETTINGS });
    const refused = await dispatch(till.composed.app.handlers, 'printer.printShift', { shiftId: shift.id });
    expect(refused.ok ? null : refused.error.code).toBe('INVALID_INPUT');
  });
});
