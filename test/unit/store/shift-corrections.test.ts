/**
 * A correction belongs to the shift of the sale it corrects (issue 19): made in shift 2 for a sale of shift 1, it
 * moves no cash in shift 2, leaves shift 1's frozen Z as printed, and is listed on shift 1's report as a correction
 * after the close. Also the migration that keeps the trigger from filing it under the open shift, seeded then migrated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaperJob, PrintJob } from '../../../electron/core/app/app-context';
import { shiftHandlers } from '../../../electron/core/app/shift-handlers';
import { dispatch, type BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import { migrate, migrations, openDatabase, openStore, type SaleInput, type Store } from '../../../electron/core/store';
import { readDocument } from '../../../shared/api/document';
import type { SettingsDto, ShiftReportDto } from '../../../shared/bridge/types';

const CUSTOMER = {
  identification_type: '13', identification: '52345678', dv: '3', person_type: '2', name: 'Luis Pérez',
  tax_regime: '49', email: 'luis@example.co', municipality_code: '76001',
};
const FIXED = { ...CUSTOMER, identification: '52345679', name: 'Luis Pérez Gómez' };
// 19 850 in cash, the figure.
const SALE: SaleInput = {
  customer: CUSTOMER, payment: { form_code: '1', means_code: '10' }, numberingRangeId: null,
  items: [{ code: 'CAF', name: 'Café', quantity: 1, unit_measure: '94', price: 19850, discount_rate: 0, taxes: [] }],
};
const COUNT_100K = { bills: { '100000': 1 }, coins: {} };
const COUNT_119_850 = { bills: { '100000': 1, '10000': 1, '5000': 1, '2000': 2 }, coins: { '500': 1, '200': 1, '100': 1, '50': 1 } };

let dir: string;
let clock: number;
let store: Store;
let handlers: BridgeHandlers;

const value = async <T>(method: string, input: unknown): Promise<T> => {
  const answer = await dispatch(handlers, method, input);
  if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.value as T;
};

/** A sale the service stored and the tax authority rejected: corrected by a new sale with a new reference. */
function rejectedSale() {
  const recorded = store.recordSale(SALE);
  store.claimNext(1);
  const doc = (status: string) => readDocument({ id: 'd0c5a1e0-0000-4000-8000-000000000001', reference_code: recorded.referenceCode, status, errors: ['Regla FAD06'] });
  store.recordAttempt(recorded.entryId, { startedAt: clock, finishedAt: clock, outcome: 'queued', message: 'QUEUED' });
  store.markQueued(recorded.entryId, doc('QUEUED'));
  store.markNeedsAttention(recorded.entryId, 'REJECTED: Regla FAD06', doc('REJECTED'));
  return recorded;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-shift-corrections-'));
  clock = 1_700_000_000_000;
  store = openStore({ path: join(dir, 'mostrador.sqlite'), now: () => clock });
  const settings = { paperWidth: 80, printerName: 'EPSON', silentPrint: false } as SettingsDto;
  const jobs: Array<PrintJob | PaperJob> = [];
  handlers = shiftHandlers({
    store, now: () => clock, settings: async () => settings,
    printer: { print: async (job) => { jobs.push(job); return { printed: true }; }, pdf: async (job) => { jobs.push(job); return { base64: '', fileName: job.fileName }; } },
  }, async () => ana) as unknown as BridgeHandlers;
  const ana = store.addPerson({ name: 'Ana', role: 'owner', pinHash: 'scrypt$stand-in' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a correction made in shift 2 for a sale of shift 1', () => {
  it('moves no cash in shift 2, which closes even; shift 1 keeps its Z and lists the correction after its close', async () => {
    const one = await value<{ id: number }>('shifts.open', { openingCash: 100_000 });
    const first = rejectedSale();
    clock += 60_000;
    const z1 = await value<ShiftReportDto>('shifts.close', { shiftId: one.id, count: COUNT_119_850 });
    expect(z1.cash).toMatchObject({ cashSales: '19850.00', expected: '119850.00', difference: '0.00' });

    clock += 60_000;
    const two = await value<{ id: number }>('shifts.open', { openingCash: 100_000 });
    const done = store.correctSale({ saleId: first.saleId, customer: FIXED, reason: 'NIT equivocado', actor: { person: null, approvedBy: null } });
    expect(done.kind).toBe('new_reference');

    const x2 = await value<ShiftReportDto>('shifts.report', {});
    expect(x2.sales).toEqual({ count: 0, payable: '0.00' });
    expect(x2.cash).toMatchObject({ cashSales: '0.00', expected: '100000.00' });
    clock += 60_000;
    const z2 = await value<ShiftReportDto>('shifts.close', { shiftId: two.id, count: COUNT_100K, confirmUnsent: true });
    expect(z2.cash).toMatchObject({ expected: '100000.00', counted: '100000.00', difference: '0.00' });
    expect(z2.afterClose).toBeUndefined();

    // Shift 1: the figures as frozen at its close, and the correction made since, in its own list.
    const { afterClose, ...frozen } = await value<ShiftReportDto>('shifts.report', { shiftId: one.id });
    expect(frozen).toEqual(z1);
    expect(afterClose).toEqual([{
      at: z1.takenAt + 60_000, kind: 'new_reference', referenceCode: first.referenceCode, newReferenceCode: done.referenceCode,
      shortNumber: first.shortNumber, newShortNumber: done.shortNumber,
      payableBefore: '19850.00', payableAfter: '19850.00', personName: '', approvedByName: null, reason: 'NIT equivocado',
    }]);
    // Its live sales are the correcting one in place of the replaced one: the same cash.
    expect(store.shiftSales(one.id).map((s) => s.id)).toEqual([done.saleId]);
    expect(store.shiftSales(two.id)).toEqual([]);
    expect(await value<ShiftReportDto>('shifts.report', { shiftId: two.id })).toEqual(z2);
  });

  it('a sale made before any shift is corrected outside every shift, not in the one open', async () => {
    const first = rejectedSale();
    await value('shifts.open', { openingCash: 0 });
    store.correctSale({ saleId: first.saleId, customer: FIXED, reason: 'x', actor: { person: null, approvedBy: null } });
    expect(store.shiftSales(store.openShift()!.id)).toEqual([]);
    expect((await value<ShiftReportDto>('shifts.report', {})).cash.cashSales).toBe('0.00');
  });
});

describe('the migration that keeps corrections in their sale\'s shift', () => {
  const version = migrations.findIndex((m) => m.name.startsWith('a correcting sale stays in the shift of the sale it corrects')) + 1;

  it('moves a correction filed under the open shift back to its sale\'s, and new ones no longer join the open shift', () => {
    expect(version).toBeGreaterThan(0);
    const file = join(dir, 'old.sqlite');
    const db = openDatabase(file);
    migrate(db, { target: version - 1 });
    const insertShift = db.prepare(`INSERT INTO shifts (till_id, till_name, opened_at, opened_by_name, opening_cash) VALUES ('K7M2QX', 'Caja 1', ?, '', '0.00')`);
    const insertSale = db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number, corrects_sale_id)
      VALUES (?, 1, '{}', '[]', '{}', '{}', '19850.00', ?, ?) RETURNING id, shift_id`);
    insertShift.run(1);
    const sold = insertSale.get('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1, null) as { id: number; shift_id: number };
    db.prepare(`UPDATE shifts SET closed_at = 2, counted_cash = '19850.00', report = '{}' WHERE id = 1`).run();
    insertShift.run(3);
    const misplaced = insertSale.get('K7M2QX-01JH000000BBBBBBBBBBBBBBBB', 2, sold.id) as { id: number };
    expect(db.prepare('SELECT shift_id FROM sales WHERE id = ?').get(misplaced.id)).toEqual({ shift_id: 2 });

    migrate(db);
    expect(db.prepare('SELECT id, shift_id FROM sales ORDER BY id').all()).toEqual([{ id: sold.id, shift_id: 1 }, { id: misplaced.id, shift_id: 1 }]);
    // An ordinary sale still joins the open shift; a correcting one of a sale outside any shift stays outside.
    const outside = db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number)
      VALUES ('K7M2QX-01JH000000CCCCCCCCCCCCCCCC', 4, '{}', '[]', '{}', '{}', '1.00', 3) RETURNING id`).get() as { id: number };
    expect(db.prepare('SELECT shift_id FROM sales WHERE id = ?').get(outside.id)).toEqual({ shift_id: 2 });
    const correcting = insertSale.get('K7M2QX-01JH000000DDDDDDDDDDDDDDDD', 4, outside.id) as { id: number };
    expect(db.prepare('SELECT shift_id FROM sales WHERE id = ?').get(correcting.id)).toEqual({ shift_id: null });
    db.close();
  });
});
