import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, currentInvoiceRangeId, invoiceBody, pollDocument, rangesOf, tokenFor } from './sandbox-calls';

let sb: RunningSandbox;
let token: string;
let rangeId: string;
beforeAll(async () => {
  // A long validation delay keeps documents QUEUED for the whole file; only creation is under test here.
  sb = await startSandbox({ validationDelayMs: 600_000, faults: true });
  token = await tokenFor(sb);
  rangeId = await currentInvoiceRangeId(sb, token);
});
afterAll(() => sb.close());

const create = (body: unknown) => call(sb.baseUrl, 'POST', '/v1/invoices', { token, body });
const counters = async () => (await call(sb.baseUrl, 'GET', '/sandbox/counters', { token })).json;

describe('GET /v1/numbering-ranges', () => {
  it('lists a current SETP invoice range, an expired invoice range and a credit-note range', async () => {
    const ranges = await rangesOf(sb, token);
    const current = ranges.find((r) => r.prefix === 'SETP');
    expect(current).toMatchObject({ document_type: 'INVOICE', is_active: true, from: 990000000, to: 995000000, resolution: '18760000001' });
    expect(current.start_date <= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(current.end_date >= new Date().toISOString().slice(0, 10)).toBe(true);
    expect(ranges.some((r) => r.document_type === 'INVOICE' && r.is_active === false)).toBe(true);
    expect(ranges.some((r) => r.document_type === 'CREDIT_NOTE')).toBe(true);
    for (const r of ranges) expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /v1/invoices', () => {
  it('accepts a valid invoice as 201 QUEUED with no number, CUFE or QR yet', async () => {
    const res = await create(invoiceBody(rangeId, 'INV-OK-1'));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ type: '01', reference_code: 'INV-OK-1', status: 'QUEUED', full_number: null, cufe: null, qr_url: null, errors: [] });
    expect(res.json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.json).not.toHaveProperty('qr_image');
  });

  it('stores the amounts calculated by shared/money', async () => {
    const body = invoiceBody(rangeId, 'INV-TOTALS');
    body.items.push({ code: 'PAN', name: 'Pan', quantity: 3, unit_measure: '94', price: 333.33, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] });
    const res = await create(body);
    const totals = (await call(sb.baseUrl, 'GET', `/sandbox/documents/${res.json.id}/totals`, { token })).json;
    // 2×1000 −10 % = 1800, IVA 342; 3×333.33 = 999.99, INC 80.00 (79.9992 half-up)
    expect(totals.line_extension).toBe('2799.99');
    expect(totals.taxes).toEqual([
      { code: '01', rate: '19', taxable_amount: '1800.00', amount: '342.00' },
      { code: '04', rate: '8', taxable_amount: '999.99', amount: '80.00' },
    ]);
    expect(totals.payable).toBe('3221.99');
  });

  it('answers a repeated reference_code with 200 and the same document, consuming nothing', async () => {
    const first = await create(invoiceBody(rangeId, 'INV-IDEM'));
    // Wait for the first one's own number, so the counters below only move if the retry consumed something.
    const numbered = await pollDocument(sb, token, first.json.id, (doc) => doc.full_number !== null);
    const before = await counters();
    const changed = invoiceBody(rangeId, 'INV-IDEM');
    changed.items[0].quantity = 7;
    const again = await create(changed);
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.full_number).toBe(numbered.full_number);
    const after = await counters();
    expect(after.documents).toBe(before.documents);
    expect(after.numbers_consumed).toBe(before.numbers_consumed);
    const list = (await call(sb.baseUrl, 'GET', '/v1/documents?reference_code=INV-IDEM', { token })).json;
    expect(list.data).toHaveLength(1);
  });

  it('lists one {field, message} per problem and stores nothing', async () => {
    const before = await counters();
    const body = invoiceBody(rangeId, 'INV-BAD');
    body.items[0].quantity = 'two';
    body.customer.email = 'not-an-email';
    body.total = 2142;
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION');
    const fields = res.json.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['items.0.quantity', 'customer.email', 'total']));
    expect(res.json.errors).toContainEqual({ field: 'total', message: 'property total should not exist' });
    expect((await counters()).documents).toBe(before.documents);
    expect((await call(sb.baseUrl, 'GET', '/v1/documents?reference_code=INV-BAD', { token })).json.data).toEqual([]);
  });

  it('rejects unknown properties at nested levels', async () => {
    const body = invoiceBody(rangeId, 'INV-NESTED');
    body.customer.nickname = 'Doña Rosa';
    body.items[0].subtotal = 1800;
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'customer.nickname', message: 'property nickname should not exist' },
        { field: 'items.0.subtotal', message: 'property subtotal should not exist' },
      ]),
    );
  });

  it('requires numbering_range_id to be a current INVOICE range', async () => {
    const ranges = await rangesOf(sb, token);
    const expired = ranges.find((r) => r.document_type === 'INVOICE' && !r.is_active).id;
    const creditNote = ranges.find((r) => r.document_type === 'CREDIT_NOTE').id;
    const unknown = '0b7d8f4e-2f6a-4c1b-8e3d-5a9c7b1e2d40';
    for (const [i, id] of [expired, creditNote, unknown].entries()) {
      const res = await create(invoiceBody(id, `INV-RANGE-${i}`));
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION');
      expect(res.json.errors).toEqual([{ field: 'numbering_range_id', message: expect.any(String) }]);
    }
  });

  it('requires a JSON content type and a JSON body', async () => {
    const text = await call(sb.baseUrl, 'POST', '/v1/invoices', {
      token,
      rawBody: JSON.stringify(invoiceBody(rangeId, 'INV-TEXT')),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.json).toMatchObject({ status: 415, errors: [] });
    const broken = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, rawBody: '{"reference_code": "x",' });
    expect(broken.status).toBe(400);
    expect(broken.json.code).toBe('VALIDATION');
  });
});
