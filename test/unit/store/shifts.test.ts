/**
 * Shifts on a real SQLite file: migration 17 seed-then-migrate, sales joining the open shift by trigger, the X and Z
 * reports (figures checked against each sale's own totals by shared/money.ts), the cash count and its difference,
 * the close refused while sales are unsent until confirmed, and a closed shift that never changes. The handlers run
 * through the real bridge schemas; settings and the printer are stand-ins (no window to print here).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaperJob, PrintJob } from '../../../electron/core/app/app-context';
import { shiftHandlers } from '../../../electron/core/app/shift-handlers';
import { dispatch, type BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import { readDocument } from '../../../shared/api/document';
import { migrate, openDatabase, openStore, type SaleInput, type Store } from '../../../electron/core/store';
import type { SettingsDto, ShiftReportDto } from '../../../shared/bridge/types';
import { calculateTotals, sumAmounts } from '../../../shared/money';

const CUSTOMER = {
  identification_type: '13', identification: '52345678', dv: '3', person_type: '2', name: 'Luis Pérez',
  tax_regime: '49', email: 'luis@example.co', municipality_code: '76001',
};
const CASH = { form_code: '1', means_code: '10' };
const CARD = { form_code: '1', means_code: '49' };
const line = (code: string, quantity: number, price: number, taxes: Array<{ code: string; rate: number }>, discount = 0) =>
  ({ code, name: code, quantity, unit_measure: '94', price, discount_rate: discount, taxes });
// Payables: 10 000.00 (cash); 19 845.00 + 31 104.00 = 50 949.00 (card); 1 234.57 (cash, asked 1 250).
const SALES: SaleInput[] = [
  { customer: CUSTOMER, items: [line('GAS', 2, 4201.68, [{ code: '01', rate: 19 }])], payment: CASH, numberingRangeId: null },
  { customer: CUSTOMER, items: [line('CAF', 1, 18900, [{ code: '01', rate: 5 }]), line('ALM', 2, 16000, [{ code: '04', rate: 8 }], 10)], payment: CARD, numberingRangeId: null },
  { customer: CUSTOMER, items: [line('PAN', 1, 1234.57, [])], payment: CASH, numberingRangeId: null },
];

let dir: string;
let clock: number;
let store: Store;
let jobs: Array<PrintJob | PaperJob>;
let handlers: BridgeHandlers;

const call = async (method: string, input: unknown) => dispatch(handlers, method, input);
const value = async <T>(method: string, input: unknown): Promise<T> => {
  const answer = await call(method, input);
  if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
};
const doc = (fields: Record<string, unknown>) =>
  readDocument({ id: 'd0c5a1e0-0000-4000-8000-000000000001', type: '01', full_number: null, cufe: null, qr_url: null, errors: [], ...fields });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-shifts-'));
  clock = 1_700_000_000_000;
  store = openStore({ path: join(dir, 'mostrador.sqlite'), now: () => clock });
  jobs = [];
  const settings = { paperWidth: 80, printerName: 'EPSON', silentPrint: false } as SettingsDto;
  handlers = shiftHandlers({
    store, now: () => clock, settings: async () => settings,
    printer: { print: async (job) => { jobs.push(job); return { printed: true }; }, pdf: async (job) => { jobs.push(job); return { base64: 'JVBERg==', fileName: job.fileName }; } },
  }, async () => ana) as unknown as BridgeHandlers;
  const ana = store.addPerson({ name: 'Ana', role: 'owner', pinHash: 'scrypt$stand-in' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 17', () => {
  it('16 → 17 keeps old sales outside any shift; a closed shift can neither change nor go; one open shift per till', () => {
    const file = join(dir, 'old.sqlite');
    const db = openDatabase(file);
    migrate(db, { target: 16 });
    db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number)
      VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1, '{}', '[]', '{}', '{}', '1190.00', 1)`).run();
    migrate(db);
    expect(db.prepare('SELECT shift_id FROM sales').all()).toEqual([{ shift_id: null }]);
    db.prepare(`INSERT INTO shifts (till_id, till_name, opened_at, opened_by_name, opening_cash) VALUES ('K7M2QX', 'Caja 1', 2, '', '0.00')`).run();
    expect(() => db.prepare(`INSERT INTO shifts (till_id, till_name, opened_at, opened_by_name, opening_cash) VALUES ('K7M2QX', 'Caja 1', 3, '', '0.00')`).run()).toThrow(/UNIQUE/);
    db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number)
      VALUES ('K7M2QX-01JH000000BBBBBBBBBBBBBBBB', 4, '{}', '[]', '{}', '{}', '500.00', 2)`).run();
    expect(db.prepare('SELECT shift_id FROM sales ORDER BY id').all()).toEqual([{ shift_id: null }, { shift_id: 1 }]);
    db.prepare(`UPDATE shifts SET closed_at = 5, counted_cash = '0.00', report = '{}' WHERE id = 1`).run();
    expect(() => db.prepare(`UPDATE shifts SET counted_cash = '9.00' WHERE id = 1`).run()).toThrow(/closed shift cannot change/);
    expect(() => db.prepare('DELETE FROM shifts').run()).toThrow(/never deleted/);
    db.close();
  });
});

describe('a shift from open to Z report', () => {
  it('X report any time; Z with the cash counted by bill and coin, its difference, and figures equal to the sales', async () => {
    const before = store.recordSale(SALES[0]!); // before any shift: in no report
    const shift = await value<{ id: number; openingCash: string }>('shifts.open', { openingCash: 150_000 });
    expect(shift.openingCash).toBe('150000.00');
    expect(await call('shifts.open', { openingCash: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { openingCash: 'a shift is already open' } } });
    const recorded = SALES.map((s) => store.recordSale(s));
    store.markValidated(recorded[0]!.entryId, doc({ status: 'VALIDATED', full_number: 'SETP1', cufe: 'a'.repeat(64) }));
    store.markNeedsAttention(recorded[1]!.entryId, 'Rechazada');

    const x = await value<ShiftReportDto>('shifts.report', {});
    expect(x.kind).toBe('X');
    expect(x.sales).toEqual({ count: 3, payable: '62183.57' });
    // Every figure agrees with the sales' own totals, computed one sale at a time.
    const own = recorded.map((r) => r.totals);
    expect(x.sales.payable).toBe(sumAmounts(own.map((t) => t.payable)));
    expect(x.taxTotal).toBe(sumAmounts(own.map((t) => t.tax_total)));
    expect(x.taxes).toEqual([
      { code: '01', rate: '5', taxableAmount: '18900.00', amount: '945.00' },
      { code: '01', rate: '19', taxableAmount: '8403.36', amount: '1596.64' },
      { code: '04', rate: '8', taxableAmount: '28800.00', amount: '2304.00' },
    ]);
    expect(calculateTotals(SALES.flatMap((s) => s.items)).taxes.map((t) => t.amount)).toEqual(x.taxes.map((t) => t.amount));
    expect(x.byMeans).toEqual([{ meansCode: '10', count: 2, payable: '11234.57' }, { meansCode: '49', count: 1, payable: '50949.00' }]);
    expect(x.validated).toEqual({ count: 1, payable: '10000.00' });
    expect(x.pending).toEqual({ count: 1, payable: '1234.57' });
    expect(x.needsAttention).toEqual({ count: 1, payable: '50949.00' });
    expect(x.byCashier).toEqual([{ cashierName: '', count: 3, payable: '62183.57' }]);
    // Cash asked: 10 000 + 1 250 (1 234.57 rounded to 50 pesos) on top of the opening 150 000.
    expect(x.cash).toMatchObject({ opening: '150000.00', cashSales: '11250.00', expected: '161250.00', counted: null, difference: null });

    // Two sales still unsent (the one before the shift and the 1 234.57): the close says so and waits for a yes.
    clock += 95 * 60_000;
    const count = { bills: { '100000': 1, '50000': 1, '10000': 1, '1000': 1 }, coins: { '200': 1 } }; // 161 200: 50 short
    const refused = await call('shifts.close', { shiftId: shift.id, count });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { confirmUnsent: '2 sales are not sent yet; the oldest was recorded 95 minutes ago' } } });
    expect(store.openShift()?.id).toBe(shift.id);

    const z = await value<ShiftReportDto>('shifts.close', { shiftId: shift.id, count, confirmUnsent: true });
    expect(z.kind).toBe('Z');
    expect(z.shift).toMatchObject({ closedAt: clock, closedBy: 'Ana', openedBy: 'Ana' });
    expect(z.cash).toMatchObject({ expected: '161250.00', counted: '161200.00', difference: '-50.00' });
    expect(z.cash.count?.coins).toEqual({ '1000': 0, '500': 0, '200': 1, '100': 0, '50': 0 });
    expect(z.unsent).toEqual({ count: 2, oldestAt: 1_700_000_000_000 });
    expect(store.openShift()).toBeNull();
    expect(before.saleId).toBeLessThan(recorded[0]!.saleId);

    // Frozen: a later validation and a later sale leave the Z report as printed.
    store.markValidated(recorded[2]!.entryId, doc({ status: 'VALIDATED', full_number: 'SETP2', cufe: 'b'.repeat(64) }));
    store.recordSale(SALES[0]!);
    expect(await value<ShiftReportDto>('shifts.report', { shiftId: shift.id })).toEqual(z);
    expect(await call('shifts.close', { shiftId: shift.id, count })).toMatchObject({ ok: false, error: { fields: { shiftId: 'is already closed' } } });
    expect(await call('shifts.report', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await value('shifts.list', { limit: 5 })).toMatchObject({ total: 1, shifts: [{ id: shift.id, closedBy: 'Ana' }] });

    // Printed on the receipts' path, on the paper asked for.
    await value('shifts.print', { shiftId: shift.id, paperWidth: 58 });
    await value('shifts.pdf', { shiftId: shift.id });
    expect(jobs).toEqual([
      { paper: 'shift-report', paperWidth: 58, printerName: 'EPSON', silent: false, fileName: `turno-${shift.id}-Z.pdf` },
      { paper: 'shift-report', paperWidth: 80, printerName: 'EPSON', silent: false, fileName: `turno-${shift.id}-Z.pdf` },
    ]);
  });

  it('leaves out a sale voided or replaced by a correction: it was never an invoice of this shift', async () => {
    await value('shifts.open', { openingCash: 0 });
    const kept = store.recordSale(SALES[0]!);
    const voided = store.recordSale(SALES[1]!);
    // The service refused the second one outright (it never stored it), and the owner voided it.
    store.claimNext(2);
    store.recordAttempt(voided.entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'not valid' });
    store.markNeedsAttention(voided.entryId, 'not valid');
    store.voidSale({ saleId: voided.saleId, reason: 'el cliente se fue', actor: { person: null, approvedBy: null } });
    const x = await value<ShiftReportDto>('shifts.report', {});
    expect(x.sales).toEqual({ count: 1, payable: kept.totals.payable });
    expect(x.needsAttention.count).toBe(0);
  });

  it('refuses a count that is not whole pieces of real bills and coins, writing nothing', async () => {
    const shift = await value<{ id: number }>('shifts.open', { openingCash: 0 });
    for (const count of [
      { bills: { '3000': 1 }, coins: {} }, { bills: {}, coins: { '20': 1 } }, { bills: { '1000': 1.5 }, coins: {} },
      { bills: { '1000': -1 }, coins: {} }, { bills: { '1000': 100_001 }, coins: {} }, { bills: {} },
    ]) {
      const answer = await call('shifts.close', { shiftId: shift.id, count, confirmUnsent: true });
      expect(answer, JSON.stringify(count)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(await call('shifts.open', { openingCash: 10.5 })).toMatchObject({ ok: false, error: { fields: { openingCash: 'must be a whole number' } } });
    expect(store.openShift()?.closedAt).toBeNull();
    const raw = new Database(join(dir, 'mostrador.sqlite'), { readonly: true });
    expect(raw.prepare('SELECT count(*) AS n FROM shifts').get()).toEqual({ n: 1 });
    raw.close();
  });
});

describe('a till renamed with its shift open (issue 26)', () => {
  it('the open shift\'s X and Z name the till as it is now; a closed shift keeps the name its Z was frozen with', async () => {
    store.setSetting('till_name', 'Caja 1');
    const first = await value<{ id: number }>('shifts.open', { openingCash: 0 });
    await value('shifts.close', { shiftId: first.id, count: { bills: {}, coins: {} }, confirmUnsent: true });
    const open = await value<{ id: number }>('shifts.open', { openingCash: 0 });
    expect((await value<ShiftReportDto>('shifts.report', {})).shift.tillName).toBe('Caja 1');

    // Renamed (at the server; the feed, Settings and pairing all write this one row).
    store.setSetting('till_name', 'Caja 2');
    expect((await value<ShiftReportDto>('shifts.report', {})).shift.tillName).toBe('Caja 2');
    const z = await value<ShiftReportDto>('shifts.close', { shiftId: open.id, count: { bills: {}, coins: {} }, confirmUnsent: true });
    expect(JSON.stringify(z)).toContain('Caja 2');
    expect(store.getShift(open.id)?.tillName).toBe('Caja 2');
    expect(store.getShift(first.id)?.tillName).toBe('Caja 1');
    // A later rename changes no closed shift (they cannot change) and no frozen Z.
    store.setSetting('till_name', 'Bodega');
    expect(store.getShift(open.id)?.tillName).toBe('Caja 2');
    expect((await value<ShiftReportDto>('shifts.report', { shiftId: open.id })).shift.tillName).toBe('Caja 2');
  });
});

describe('unsent sales and their alert', () => {
  it('counts the unsent sales, the oldest, and those waiting longer than the owner\'s alert time', async () => {
    expect(await value('sales.unsent', {})).toEqual({ count: 0, oldestAt: null, alertAfterMinutes: 30, late: 0, at: clock });
    const first = store.recordSale(SALES[0]!);
    clock += 40 * 60_000;
    store.recordSale(SALES[1]!);
    clock += 5 * 60_000;
    expect(await value('sales.unsent', {})).toMatchObject({ count: 2, oldestAt: 1_700_000_000_000, late: 1 });
    expect(await value('shifts.unsentAlert', { minutes: 4 })).toMatchObject({ alertAfterMinutes: 4, late: 2 });
    expect(await call('shifts.unsentAlert', { minutes: 0 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    store.markValidated(first.entryId, doc({ status: 'VALIDATED', full_number: 'SETP1', cufe: 'a'.repeat(64) }));
    expect(await value('sales.unsent', {})).toMatchObject({ count: 1, late: 1, alertAfterMinutes: 4 });
  });
});
