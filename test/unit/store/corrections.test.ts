/**
 * Corrections and voids in the store, on a real SQLite file: the reference is kept only when the service never
 * stored the sale, a stored and rejected sale gets a new linked reference, nothing is deleted, every change is
 * recorded, and the database's own triggers refuse any other change of a sent body or a sale's content.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocument } from '../../../shared/api/document';
import type { InvoiceCustomer, InvoiceItem } from '../../../shared/api/invoice-request';
import { CorrectionRefused, openStore, StoreError, type Actor, type SaleInput, type Store } from '../../../electron/core/store';
import { invoiceBody } from '../../../electron/core/store/invoice-body';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const NOBODY = { person: null, approvedBy: null };

const buyer: InvoiceCustomer = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Tienda La Esquina SAS',
  tax_regime: '48', email: 'compras@laesquina.co', municipality_code: '11001',
};
const fixedBuyer: InvoiceCustomer = { ...buyer, identification: '800197268', dv: '4', name: 'DIAN' };
const items: InvoiceItem[] = [
  { code: 'P-001', name: 'Arroz Diana 500 g', quantity: 2, unit_measure: '94', price: 2500, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
];

function sale(overrides: Partial<SaleInput> = {}): SaleInput {
  return { customer: buyer, items, payment: { form_code: '1', means_code: '10' }, numberingRangeId: RANGE, service: 'demo', ...overrides };
}

let dir: string;
let file: string;
let clock: number;
let store: Store;
let raw: Database.Database;
let OWNER: Actor;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-corrections-'));
  file = join(dir, 'mostrador.sqlite');
  clock = Date.UTC(2026, 10, 23, 14, 0, 0);
  store = openStore({ path: file, now: () => clock });
  raw = new Database(file);
  raw.pragma('foreign_keys = ON');
  OWNER = { person: store.addPerson({ name: 'Ana', role: 'owner', pinHash: 'scrypt$test' }), approvedBy: null };
});
afterEach(() => {
  raw.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A sale whose POST the service refused outright (400): it never stored it. */
function refusedAtCreation(input = sale()) {
  const recorded = store.recordSale(input);
  store.claimNext(1);
  store.recordAttempt(recorded.entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'customer.email: not accepted' });
  store.markNeedsAttention(recorded.entryId, 'the invoice request is not valid: customer.email: not accepted');
  return recorded;
}

/** A sale the service stored and the tax authority then rejected. */
function rejectedAfterValidation() {
  const recorded = store.recordSale(sale());
  store.claimNext(1);
  const doc = (status: string) => readDocument({ id: 'd0c5a1e0-0000-4000-8000-000000000001', reference_code: recorded.referenceCode, status, errors: ['Regla FAD06'] });
  store.recordAttempt(recorded.entryId, { startedAt: clock, finishedAt: clock, outcome: 'queued', message: 'QUEUED' });
  store.markQueued(recorded.entryId, doc('QUEUED'));
  store.markNeedsAttention(recorded.entryId, 'The tax authority did not validate the invoice (status REJECTED): Regla FAD06', doc('REJECTED'));
  return recorded;
}

const count = (table: string) => (raw.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('a sale the service refused at creation', () => {
  it('is corrected under the same reference with the corrected body, goes back to the queue, and the change is recorded', () => {
    const first = refusedAtCreation();
    expect(store.saleStanding(first.saleId)).toBe('refused_at_creation');
    clock += 60_000;
    const done = store.correctSale({ saleId: first.saleId, customer: fixedBuyer, reason: 'NIT mal escrito', actor: OWNER });
    expect(done).toMatchObject({ kind: 'same_reference', saleId: first.saleId, referenceCode: first.referenceCode });
    const after = store.getSale(first.saleId);
    expect(after?.customer).toEqual(fixedBuyer);
    expect(after?.outbox.state).toBe('waiting');
    expect(after?.outbox.requestBody).toBe(invoiceBody({ referenceCode: first.referenceCode, numberingRangeId: RANGE, customer: fixedBuyer, items, payment: sale().payment }));
    expect(JSON.parse(after?.outbox.requestBody ?? '{}').reference_code).toBe(first.referenceCode);
    expect(count('sales')).toBe(1);
    const [record] = store.correctionsOf(first.saleId);
    expect(record).toMatchObject({
      kind: 'same_reference', personName: 'Ana', what: 'customer', reason: 'NIT mal escrito', at: clock,
      before: { customer: buyer, referenceCode: first.referenceCode, lastError: expect.stringContaining('customer.email') },
      after: { customer: fixedBuyer, referenceCode: first.referenceCode },
    });
    // The attempts of the refused send are kept.
    expect(store.listAttempts(first.entryId)).toHaveLength(1);
  });

  it('corrected lines get their totals and the cash change worked out again by the shared money code', () => {
    const first = refusedAtCreation(sale({ cashReceived: 10_000 }));
    const lines = [{ ...items[0] as InvoiceItem, quantity: 3 }];
    store.correctSale({ saleId: first.saleId, items: lines, reason: 'eran tres', actor: NOBODY });
    const after = store.getSale(first.saleId);
    expect(after?.payable).toBe('7875.00');
    expect(after?.cash).toEqual({ received: '10000.00', due: '7900.00', change: '2100.00' });
    expect(store.correctionsOf(first.saleId)[0]?.personName).toBe('');
  });

  it('can be voided locally: it is never sent again, no longer counts as needing attention, and is not deleted', () => {
    const first = refusedAtCreation();
    expect(store.counts().needs_attention).toBe(1);
    store.voidSale({ saleId: first.saleId, reason: 'el cliente se fue', actor: OWNER });
    expect(store.saleStanding(first.saleId)).toBe('voided');
    expect(store.counts().needs_attention).toBe(0);
    expect(() => store.retryNeedsAttention(first.entryId)).toThrow(StoreError);
    expect(() => store.correctSale({ saleId: first.saleId, customer: fixedBuyer, reason: 'x', actor: OWNER })).toThrow(CorrectionRefused);
    expect(() => raw.prepare('DELETE FROM sale_corrections').run()).toThrow(/never deleted/);
    expect(() => raw.prepare("UPDATE sale_corrections SET reason = 'otra'").run()).toThrow(/never changed/);
    expect(store.getSale(first.saleId)).not.toBeNull();
  });
});

describe('a sale the service stored and rejected', () => {
  it('is corrected by a new sale with a new reference linked to the first, which is closed and never sent again', () => {
    const first = rejectedAfterValidation();
    expect(store.saleStanding(first.saleId)).toBe('rejected_after_validation');
    const done = store.correctSale({ saleId: first.saleId, customer: fixedBuyer, reason: 'rechazada por la DIAN', actor: OWNER });
    expect(done.kind).toBe('new_reference');
    expect(done.referenceCode).not.toBe(first.referenceCode);
    expect(done.saleId).not.toBe(first.saleId);
    const second = store.getSale(done.saleId);
    expect(second?.customer).toEqual(fixedBuyer);
    expect(second?.outbox).toMatchObject({ state: 'waiting', service: 'demo', numberingRangeId: RANGE, attempts: 0 });
    expect(second?.createdAt).toBe(store.getSale(first.saleId)?.createdAt);
    expect(JSON.parse(second?.outbox.requestBody ?? '{}').reference_code).toBe(done.referenceCode);
    // The first keeps everything it had (its rejected document, its body, its attempts), closed as replaced.
    const kept = store.getSale(first.saleId);
    expect(kept?.customer).toEqual(buyer);
    expect(kept?.outbox).toMatchObject({ state: 'needs_attention', remoteStatus: 'REJECTED' });
    expect(store.saleStanding(first.saleId)).toBe('replaced');
    expect(store.correctionLinks(first.saleId)).toEqual({ corrects: null, correctedBy: done.saleId });
    expect(store.correctionLinks(done.saleId)).toEqual({ corrects: first.saleId, correctedBy: null });
    expect(store.correctionsOf(done.saleId)).toHaveLength(1);
    expect(() => store.retryNeedsAttention(first.entryId)).toThrow(StoreError);
    // One correction per sale: a second one would be a second invoice for it.
    expect(() => store.correctSale({ saleId: first.saleId, customer: buyer, reason: 'otra', actor: OWNER })).toThrow(CorrectionRefused);
    expect(store.claimNext(5).map((e) => e.referenceCode)).toEqual([done.referenceCode]);
  });

  it('cannot be voided here (the service stored it)', () => {
    const first = rejectedAfterValidation();
    expect(() => store.voidSale({ saleId: first.saleId, reason: 'x', actor: OWNER }))
      .toThrow(expect.objectContaining({ standing: 'rejected_after_validation' }));
    expect(count('sale_corrections')).toBe(0);
  });
});

describe('a closed sale in History', () => {
  it('says voided or replaced (by which sale) in summaries and the detail, and the "needs attention" filter leaves it out', () => {
    const open = refusedAtCreation();
    const voided = refusedAtCreation();
    store.voidSale({ saleId: voided.saleId, reason: 'el cliente se fue', actor: OWNER });
    const replaced = rejectedAfterValidation();
    const done = store.correctSale({ saleId: replaced.saleId, customer: fixedBuyer, reason: 'rechazada por la DIAN', actor: OWNER });
    const replacing = store.getSale(done.saleId);

    const attention = store.searchSales({ state: 'needs_attention', limit: 10 });
    expect(attention.sales.map((s) => s.id)).toEqual([open.saleId]);
    expect(attention.total).toBe(1);
    expect(store.searchSales({ state: 'needs_attention', text: buyer.identification, limit: 10 }).sales.map((s) => s.id)).toEqual([open.saleId]);

    const all = new Map(store.searchSales({ limit: 10 }).sales.map((s) => [s.id, s]));
    expect(all.get(open.saleId)).toMatchObject({ state: 'needs_attention', closed: null, replacedBy: null });
    expect(all.get(voided.saleId)).toMatchObject({ state: 'needs_attention', closed: 'voided', replacedBy: null });
    expect(all.get(replaced.saleId)).toMatchObject({
      state: 'needs_attention', closed: 'replaced',
      replacedBy: { id: done.saleId, shortNumber: done.shortNumber, tillName: replacing?.tillName },
    });
    expect(all.get(done.saleId)).toMatchObject({ state: 'waiting', closed: null, replacedBy: null });

    expect(store.getSale(voided.saleId)).toMatchObject({ closed: 'voided', replacedBy: null });
    expect(store.getSale(replaced.saleId)).toMatchObject({ closed: 'replaced', replacedBy: { id: done.saleId, shortNumber: done.shortNumber } });
    expect(store.getSale(open.saleId)).toMatchObject({ closed: null, replacedBy: null });
  });
});

describe('what may not change', () => {
  it('a sale with an attempt that may have reached the service is neither corrected nor voided', () => {
    const recorded = store.recordSale(sale());
    store.claimNext(1);
    store.recordAttempt(recorded.entryId, { startedAt: clock, finishedAt: clock, outcome: 'ambiguous', message: 'timeout' });
    store.scheduleRetry(recorded.entryId, clock, 'timeout');
    store.claimNext(1);
    store.recordAttempt(recorded.entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'refused' });
    store.markNeedsAttention(recorded.entryId, 'refused');
    expect(store.saleStanding(recorded.saleId)).toBe('maybe_stored');
    expect(() => store.correctSale({ saleId: recorded.saleId, customer: fixedBuyer, reason: 'x', actor: OWNER })).toThrow(CorrectionRefused);
    expect(() => store.voidSale({ saleId: recorded.saleId, reason: 'x', actor: OWNER })).toThrow(CorrectionRefused);
  });

  it('a validated sale is neither corrected nor voided; a waiting sale never sent may be voided', () => {
    const waiting = store.recordSale(sale());
    expect(store.saleStanding(waiting.saleId)).toBe('never_sent');
    expect(() => store.correctSale({ saleId: waiting.saleId, customer: fixedBuyer, reason: 'x', actor: OWNER })).toThrow(CorrectionRefused);
    store.voidSale({ saleId: waiting.saleId, reason: 'venta de prueba', actor: OWNER });
    expect(store.claimNext(5)).toEqual([]);
  });

  it('the triggers refuse a changed body or content without a matching correction record, even for a refused sale', () => {
    const first = refusedAtCreation();
    const other = invoiceBody({ referenceCode: first.referenceCode, numberingRangeId: RANGE, customer: fixedBuyer, items, payment: sale().payment });
    expect(() => raw.prepare('UPDATE outbox SET request_body = ? WHERE id = ?').run(other, first.entryId)).toThrow(/cannot change after the first attempt/);
    expect(() => raw.prepare('UPDATE sales SET customer = ? WHERE id = ?').run(JSON.stringify(fixedBuyer), first.saleId)).toThrow(/recorded correction/);
    expect(() => raw.prepare('UPDATE sales SET reference_code = ? WHERE id = ?').run('X', first.saleId)).toThrow(/recorded correction/);
    expect(() => raw.prepare('DELETE FROM sales').run()).toThrow();
    // A correction record for the same reference does not let a body with another reference through.
    store.correctSale({ saleId: first.saleId, customer: fixedBuyer, reason: 'x', actor: OWNER });
    store.claimNext(1);
    store.recordAttempt(first.entryId, { startedAt: clock, finishedAt: clock, outcome: 'queued', message: 'QUEUED' });
    expect(() => raw.prepare('UPDATE outbox SET request_body = ? WHERE id = ?')
      .run(invoiceBody({ referenceCode: first.referenceCode, numberingRangeId: RANGE, customer: buyer, items, payment: sale().payment }), first.entryId))
      .toThrow(/cannot change after the first attempt/);
  });

  it('a stored sale cannot be closed as voided, nor a refused one as replaced, by writing the column', () => {
    const rejected = rejectedAfterValidation();
    expect(() => raw.prepare("UPDATE outbox SET closed = 'voided' WHERE id = ?").run(rejected.entryId)).toThrow(/voided only/);
    const refused = refusedAtCreation();
    expect(() => raw.prepare("UPDATE outbox SET closed = 'replaced' WHERE id = ?").run(refused.entryId)).toThrow(/voided only/);
  });
});

describe('migration 16 (seed, then migrate)', () => {
  it('15 → 16 keeps sales and their frozen bodies, allows the range swap of migration 1, and starts every sale unclosed', async () => {
    const { migrate } = await import('../../../electron/core/store');
    const older = new Database(join(dir, 'v15.sqlite'));
    older.pragma('foreign_keys = ON');
    migrate(older, { target: 15 });
    older.prepare(
      `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable) VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 0, ?, ?, '{}', '{}', '1')`,
    ).run(JSON.stringify(buyer), JSON.stringify(items));
    const body = JSON.stringify({ reference_code: 'K7M2QX-01JH000000AAAAAAAAAAAAAAAA', numbering_range_id: RANGE });
    older.prepare(`INSERT INTO outbox (sale_id, request_body, numbering_range_id, next_attempt_at, created_at, updated_at, attempts) VALUES (1, ?, ?, 0, 0, 0, 1)`).run(body, RANGE);
    migrate(older, { target: 16 });
    expect(older.prepare('SELECT closed FROM outbox').get()).toEqual({ closed: null });
    expect(older.prepare('SELECT corrects_sale_id FROM sales').get()).toEqual({ corrects_sale_id: null });
    const other = '00000000-0000-4000-8000-000000000001';
    older.prepare('UPDATE outbox SET numbering_range_id = ?, request_body = json_set(request_body, \'$.numbering_range_id\', ?)').run(other, other);
    expect(() => older.prepare(`UPDATE outbox SET request_body = json_set(request_body, '$.reference_code', 'X')`).run()).toThrow(/cannot change after the first attempt/);
    expect(() => older.prepare(`UPDATE sales SET customer = '{}'`).run()).toThrow(/recorded correction/);
    older.close();
  });
});
