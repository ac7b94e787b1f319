import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocument } from '../../../shared/api/document';
import type { InvoiceItem } from '../../../shared/api/invoice-request';
import { openStore, StoreError, type SaleInput, type Store } from '../../../electron/core/store';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const CUFE = 'a'.repeat(96);

function sale(overrides: Partial<SaleInput> = {}): SaleInput {
  const items: InvoiceItem[] = [
    { code: 'P-001', name: 'Arroz Diana 500 g', quantity: 2, unit_measure: '94', price: 2500, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
    { code: 'P-002', name: 'Gaseosa 1.5 L', quantity: 1, unit_measure: '94', price: 4200.5, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] },
  ];
  return {
    customer: {
      identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Tienda La Esquina SAS',
      tax_regime: '48', email: 'compras@laesquina.co', municipality_code: '11001',
    },
    items,
    payment: { form_code: '1', means_code: '10' },
    numberingRangeId: RANGE,
    ...overrides,
  };
}

function doc(fields: Record<string, unknown>) {
  return readDocument({ id: 'd0c5a1e0-0000-4000-8000-000000000001', type: '01', full_number: null, cufe: null, qr_url: null, errors: [], ...fields });
}

let dir: string;
let file: string;
let clock: number;
const stores: Store[] = [];
function open(): Store {
  const store = openStore({ path: file, now: () => clock });
  stores.push(store);
  return store;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-store-'));
  file = join(dir, 'mostrador.sqlite');
  clock = Date.UTC(2025, 0, 15, 14, 0, 0);
});
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('recordSale', () => {
  it('writes the sale and a waiting outbox entry whose body is the exact request to send', () => {
    const store = open();
    const recorded = store.recordSale(sale());
    expect(recorded.totals.payable).toBe('9748.74'); // 5250.00 + 3780.45 + 718.29 (718.2855 half-up)
    const saved = store.getSale(recorded.saleId);
    expect(saved?.referenceCode).toBe(recorded.referenceCode);
    expect(saved?.payable).toBe(recorded.totals.payable);
    expect(saved?.outbox.state).toBe('waiting');
    const body = JSON.parse(saved?.outbox.requestBody ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['reference_code', 'numbering_range_id', 'customer', 'items', 'payment']);
    expect(body.reference_code).toBe(recorded.referenceCode);
    expect(body.numbering_range_id).toBe(RANGE);
    expect(body).not.toHaveProperty('total');
    expect(store.getSaleByReference(recorded.referenceCode)?.id).toBe(recorded.saleId);
  });

  it('writes nothing when the transaction fails half-way (outbox insert refused by a trigger)', () => {
    const store = open();
    const saboteur = new Database(file);
    saboteur.exec(`CREATE TRIGGER refuse_outbox BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk said no'); END`);
    saboteur.close();
    expect(() => store.recordSale(sale())).toThrow(/disk said no/);
    const check = new Database(file, { readonly: true });
    expect(check.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 0 });
    expect(check.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
    check.close();
  });

  it('refuses a sale the service would reject, before anything is stored', () => {
    const store = open();
    const bad = sale();
    bad.customer = { ...bad.customer, email: 'not-an-email' };
    expect(() => store.recordSale(bad)).toThrow(/customer\.email/);
    expect(() => store.recordSale(sale({ items: [] }))).toThrow(StoreError);
    expect(store.searchSales({ limit: 10 }).total).toBe(0);
  });

  it('stores "numbering_range_id":null offline and fills it exactly once before the first send', () => {
    const store = open();
    const { entryId } = store.recordSale(sale({ numberingRangeId: null }));
    expect(JSON.parse(store.getEntry(entryId)?.requestBody ?? '{}')).toHaveProperty('numbering_range_id', null);
    const assigned = store.assignRange(entryId, RANGE);
    expect(assigned.numberingRangeId).toBe(RANGE);
    expect(JSON.parse(assigned.requestBody)).toHaveProperty('numbering_range_id', RANGE);
    expect(store.assignRange(entryId, RANGE).requestBody).toBe(assigned.requestBody);
    expect(() => store.assignRange(entryId, 'a0000000-0000-4000-8000-00000000000b')).toThrow(/already uses/);
  });

  it('will not assign a range once the entry has been sent', () => {
    const store = open();
    const { entryId } = store.recordSale(sale({ numberingRangeId: null }));
    store.claimNext(1);
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'transient', message: 'offline' });
    expect(() => store.assignRange(entryId, RANGE)).toThrow(/already sent/);
  });
});

describe('replaceRefusedRange', () => {
  const NEW_RANGE = 'b1e2c3d4-0000-4000-8000-0000000000aa';

  it('after a refusal, changes only numbering_range_id in the body (names with accents, quotes and emoji included)', () => {
    const store = open();
    const input = sale();
    input.items = [{ ...input.items[0]!, name: 'Café "Sello Rojo" ñ 😀 \\ 1/2 lb', price: 1234.56 }];
    const { entryId, referenceCode } = store.recordSale(input);
    store.claimNext(1);
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'RANGE_INVALID' });
    const before = store.getEntry(entryId)!.requestBody;
    const after = store.replaceRefusedRange(entryId, NEW_RANGE);
    expect(after.numberingRangeId).toBe(NEW_RANGE);
    expect(after.requestBody).toBe(before.replace(RANGE, NEW_RANGE));
    expect(JSON.parse(after.requestBody)).toMatchObject({ reference_code: referenceCode, numbering_range_id: NEW_RANGE });
  });

  it('refuses when the last attempt was not a refusal or the service already holds the invoice', () => {
    const store = open();
    const { entryId, referenceCode } = store.recordSale(sale());
    store.claimNext(1);
    expect(() => store.replaceRefusedRange(entryId, NEW_RANGE)).toThrow(/not refused/);
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'ambiguous', message: 'timeout' });
    expect(() => store.replaceRefusedRange(entryId, NEW_RANGE)).toThrow(/not refused/);
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'queued', httpStatus: 201 });
    store.markQueued(entryId, doc({ reference_code: referenceCode, status: 'QUEUED' }));
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400 });
    expect(() => store.replaceRefusedRange(entryId, NEW_RANGE)).toThrow(StoreError);
    expect(store.getEntry(entryId)?.numberingRangeId).toBe(RANGE);
  });

  it('the data file itself refuses any other change to a sent body', () => {
    const store = open();
    const { entryId } = store.recordSale(sale());
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400 });
    const raw = new Database(file);
    const body = store.getEntry(entryId)!.requestBody;
    const sneaky = body.replace(RANGE, NEW_RANGE).replace('"quantity":2', '"quantity":3');
    expect(() => raw.prepare('UPDATE outbox SET request_body = ?, numbering_range_id = ? WHERE id = ?').run(sneaky, NEW_RANGE, entryId)).toThrow(/cannot change/);
    expect(() => raw.prepare('UPDATE outbox SET numbering_range_id = ? WHERE id = ?').run(NEW_RANGE, entryId)).toThrow(/cannot change/);
    raw.prepare('UPDATE outbox SET last_error = ? WHERE id = ?').run('still editable', entryId);
    raw.close();
  });
});

describe('claimNext', () => {
  it('hands out due entries oldest first, with a fake clock for next_attempt_at', () => {
    const store = open();
    const ids = [1, 2, 3, 4].map(() => store.recordSale(sale()).entryId);
    const first = ids[0]!;
    expect(store.claimNext(1).map((e) => e.id)).toEqual([first]);
    store.scheduleRetry(first, clock + 60_000, 'HTTP 503');
    const claimed = store.claimNext(10);
    expect(claimed.map((e) => e.id)).toEqual(ids.slice(1));
    expect(claimed.every((e) => e.state === 'sending')).toBe(true);
    expect(store.claimNext(10)).toEqual([]);
    clock += 60_000;
    expect(store.claimNext(10).map((e) => e.id)).toEqual([first]);
  });

  it('never hands the same entry to two connections on the same file', () => {
    const a = open();
    const b = open();
    for (let i = 0; i < 60; i++) a.recordSale(sale());
    const seen: number[] = [];
    for (let round = 0; round < 40; round++) {
      for (const e of (round % 2 === 0 ? a : b).claimNext(3)) seen.push(e.id);
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
  });

  it('recoverInterrupted puts entries that were mid-send back to waiting on the next open', () => {
    const store = open();
    const { entryId } = store.recordSale(sale());
    store.recordSale(sale());
    store.claimNext(1);
    expect(store.counts()).toMatchObject({ sending: 1, waiting: 1 });
    store.close(); // as if the process died mid-send
    const reopened = open();
    expect(reopened.counts()).toMatchObject({ sending: 0, waiting: 2 });
    expect(reopened.claimNext(1)[0]?.id).toBe(entryId);
  });
});

describe('outbox life cycle', () => {
  it('keeps the request body byte-for-byte across attempts and refuses to change it afterwards', () => {
    const store = open();
    const { entryId } = store.recordSale(sale());
    const original = store.getEntry(entryId)!.requestBody;
    for (let i = 0; i < 3; i++) {
      const [claimed] = store.claimNext(1);
      expect(claimed?.requestBody).toBe(original);
      store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock + 5, outcome: 'transient', httpStatus: 503 });
      store.scheduleRetry(entryId, clock, 'HTTP 503');
    }
    expect(store.getEntry(entryId)?.attempts).toBe(3);
    expect(store.listAttempts(entryId).map((a) => a.httpStatus)).toEqual([503, 503, 503]);
    const raw = new Database(file);
    expect(() => raw.prepare(`UPDATE outbox SET request_body = '{}' WHERE id = ?`).run(entryId)).toThrow(/cannot change/);
    raw.close();
    expect(store.getEntry(entryId)?.requestBody).toBe(original);
  });

  it('moves waiting → sending → queued → validated and keeps what the service reported', () => {
    const store = open();
    const { entryId, referenceCode } = store.recordSale(sale());
    store.claimNext(1);
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock + 40, outcome: 'queued', httpStatus: 201 });
    const queued = store.markQueued(entryId, doc({ reference_code: referenceCode, status: 'QUEUED', extra: 'kept' }));
    expect(queued.state).toBe('queued');
    expect(queued.remoteRaw).toHaveProperty('extra', 'kept');
    expect(store.listAwaitingValidation().map((e) => e.id)).toEqual([entryId]);

    store.markRemoteStatus(entryId, doc({ reference_code: referenceCode, status: 'SIGNING_AT_DIAN' }));
    expect(store.getEntry(entryId)).toMatchObject({ state: 'queued', remoteStatus: 'SIGNING_AT_DIAN' });

    clock += 2_000;
    const validated = store.markValidated(entryId, doc({
      reference_code: referenceCode, status: 'VALIDATED', full_number: 'SETP990000001', cufe: CUFE,
      qr_url: 'https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=' + CUFE, qr_image: 'data:image/png;base64,iVBORw0KGgo=',
    }));
    expect(validated).toMatchObject({ state: 'validated', fullNumber: 'SETP990000001', cufe: CUFE, validatedAt: clock });
    expect(validated.qrImage).toMatch(/^data:image\/png/);
    expect(validated.remoteRaw).not.toHaveProperty('qr_image');
    expect(store.counts()).toEqual({ waiting: 0, sending: 0, queued: 0, validated: 1, needs_attention: 0 });
  });

  it('never treats a non-validated status as validated, and a stale report never undoes validation', () => {
    const store = open();
    const { entryId, referenceCode } = store.recordSale(sale());
    expect(() => store.markValidated(entryId, doc({ status: 'QUEUED' }))).toThrow(StoreError);
    store.markValidated(entryId, doc({ reference_code: referenceCode, status: 'VALIDATED', full_number: 'SETP1', cufe: CUFE }));
    const stale = store.markQueued(entryId, doc({ reference_code: referenceCode, status: 'QUEUED' }));
    expect(stale).toMatchObject({ state: 'validated', remoteStatus: 'VALIDATED', fullNumber: 'SETP1' });
  });

  it('refuses a document that belongs to another sale', () => {
    const store = open();
    const { entryId, referenceCode } = store.recordSale(sale());
    expect(() => store.markQueued(entryId, doc({ reference_code: 'OTHER-REF', status: 'QUEUED' }))).toThrow(/not /);
    store.markQueued(entryId, doc({ reference_code: referenceCode, status: 'QUEUED' }));
    expect(() => store.markRemoteStatus(entryId, readDocument({ id: 'another-id', status: 'QUEUED' }))).toThrow(StoreError);
  });

  it('needs_attention keeps the reason, and retrying it keeps the attempt history', () => {
    const store = open();
    const { entryId, referenceCode } = store.recordSale(sale());
    store.claimNext(1);
    store.recordAttempt(entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'customer.email' });
    store.markNeedsAttention(entryId, 'The service refused the buyer e-mail');
    expect(store.getEntry(entryId)).toMatchObject({ state: 'needs_attention', lastError: 'The service refused the buyer e-mail' });
    expect(() => store.scheduleRetry(entryId, clock, 'x')).toThrow(StoreError);
    clock += 1_000;
    const retried = store.retryNeedsAttention(entryId);
    expect(retried).toMatchObject({ state: 'waiting', nextAttemptAt: clock, attempts: 1 });
    expect(store.listAttempts(entryId)).toHaveLength(1);
    expect(() => store.retryNeedsAttention(entryId)).toThrow(/while it is waiting/);
    const rejected = store.markNeedsAttention(entryId, 'Rechazada por la DIAN', doc({ reference_code: referenceCode, status: 'REJECTED', errors: ['FAD06'] }));
    expect(rejected).toMatchObject({ state: 'needs_attention', remoteStatus: 'REJECTED', lastError: 'Rechazada por la DIAN' });
  });
});

describe('sales belong to the invoicing service they were rung up for', () => {
  it('only the matching service claims, polls or retries a sale', () => {
    const store = open();
    const demo = store.recordSale(sale({ service: 'demo' }));
    const real = store.recordSale(sale({ service: 'https://api.example.co|fc_shop' }));
    expect(store.getEntry(demo.entryId)?.service).toBe('demo');
    expect(store.claimNext(5, 'demo').map((e) => e.id)).toEqual([demo.entryId]);
    expect(store.claimNext(5, 'demo')).toEqual([]);
    const claimed = store.claimNext(5, 'https://api.example.co|fc_shop');
    expect(claimed.map((e) => e.id)).toEqual([real.entryId]);
    store.markQueued(real.entryId, doc({ reference_code: real.referenceCode, status: 'QUEUED' }));
    expect(store.listAwaitingValidation('demo')).toEqual([]);
    expect(store.listAwaitingValidation('https://api.example.co|fc_shop').map((e) => e.id)).toEqual([real.entryId]);

    store.recordAttempt(demo.entryId, { startedAt: clock, finishedAt: clock, outcome: 'permanent', httpStatus: 400, message: 'x' });
    store.markNeedsAttention(demo.entryId, 'refused');
    expect(() => store.retryNeedsAttention(demo.entryId, 'https://api.example.co|fc_shop')).toThrow(/another invoicing service/);
    expect(store.retryNeedsAttention(demo.entryId, 'demo').state).toBe('waiting');
  });
});

describe('durability and history', () => {
  it('keeps every sale, entry and attempt after close and reopen', () => {
    const first = open();
    const recorded = [1, 2, 3].map(() => first.recordSale(sale()));
    first.recordAttempt(recorded[0]!.entryId, { startedAt: clock, finishedAt: clock, outcome: 'ambiguous', message: 'timeout' });
    first.setSetting('printer', 'EPSON TM-T20');
    const till = first.tillId();
    first.close();
    const again = open();
    expect(again.tillId()).toBe(till);
    expect(again.getSetting('printer')).toBe('EPSON TM-T20');
    for (const r of recorded) {
      expect(again.getSaleByReference(r.referenceCode)?.totals).toEqual(r.totals);
    }
    expect(again.listAttempts(recorded[0]!.entryId)[0]).toMatchObject({ outcome: 'ambiguous', message: 'timeout' });
  });

  it('numbers sales 1, 2, 3… in the sale\'s own transaction, across connections, and finds them by that number', () => {
    const a = open();
    const b = open();
    const numbers = [a, b, a, a, b].map((s) => s.recordSale(sale()).shortNumber);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const fourth = a.searchSales({ limit: 10 }).sales.find((s) => s.shortNumber === 4)!;
    expect(a.getSale(fourth.id)?.shortNumber).toBe(4);
    for (const text of ['000004', 'Caja 1 · 000004', ' 0004 ']) {
      expect(a.searchSales({ text, limit: 10 }).sales.map((s) => s.shortNumber), text).toEqual([4]);
    }
    // '4' also matches any reference holding a 4; the sale numbered 4 is always among the results.
    expect(a.searchSales({ text: '4', limit: 10 }).sales.map((s) => s.shortNumber)).toContain(4);
    expect(a.searchSales({ text: '000008', limit: 10 }).total).toBe(0);
    // A refused sale takes no number: the next one is still consecutive.
    expect(() => a.recordSale(sale({ items: [] }))).toThrow(StoreError);
    expect(b.recordSale(sale()).shortNumber).toBe(6);
  });

  it('searches sales by reference, full number, buyer, state and time window', () => {
    const store = open();
    const a = store.recordSale(sale());
    clock += 60_000;
    const b = store.recordSale(sale({ customer: { ...sale().customer, name: 'Consumidor final', identification: '222222222222', identification_type: '13', dv: '0', person_type: '2', tax_regime: '49' } }));
    store.markValidated(a.entryId, doc({ reference_code: a.referenceCode, status: 'VALIDATED', full_number: 'SETP990000123', cufe: CUFE }));
    // The invoice number from its start, with or without its prefix letters, in any case.
    for (const text of ['SETP990000123', 'setp9900', '990000123']) {
      expect(store.searchSales({ text, limit: 10 }).sales.map((s) => s.id), text).toEqual([a.saleId]);
    }
    expect(store.searchSales({ text: 'consumidor', limit: 10 }).sales.map((s) => s.id)).toEqual([b.saleId]);
    expect(store.searchSales({ text: '900373', limit: 10 }).sales.map((s) => s.id)).toEqual([a.saleId]);
    expect(store.searchSales({ text: b.referenceCode.slice(-8), limit: 10 }).sales.map((s) => s.id)).toEqual([b.saleId]);
    expect(store.searchSales({ state: 'waiting', limit: 10 }).sales.map((s) => s.id)).toEqual([b.saleId]);
    expect(store.searchSales({ from: clock, limit: 10 }).sales.map((s) => s.id)).toEqual([b.saleId]);
    expect(store.searchSales({ to: clock, limit: 10 }).sales.map((s) => s.id)).toEqual([a.saleId]);
    const page = store.searchSales({ limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 2, sales: [{ id: a.saleId, state: 'validated', fullNumber: 'SETP990000123' }] });
    expect(store.searchSales({ text: '%', limit: 10 }).total).toBe(0);
  });
});
