import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, currentInvoiceRangeId, invoiceBody, tokenFor } from './sandbox-calls';

let sb: RunningSandbox;
let token: string;
const ids: string[] = [];
beforeAll(async () => {
  sb = await startSandbox({ validationDelayMs: 600_000 });
  token = await tokenFor(sb);
  const rangeId = await currentInvoiceRangeId(sb, token);
  for (let i = 1; i <= 5; i++) {
    const res = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, `DOC-${i}`) });
    ids.push(res.json.id);
  }
});
afterAll(() => sb.close());

const get = (path: string) => call(sb.baseUrl, 'GET', path, { token });

describe('GET /v1/documents/{id}', () => {
  it('returns the document', async () => {
    const res = await get(`/v1/documents/${ids[2]}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ids[2], reference_code: 'DOC-3', type: '01' });
  });

  it('answers 400 VALIDATION for an id that is not a UUID', async () => {
    const res = await get('/v1/documents/12345');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'id', message: expect.any(String) }] });
  });

  it('answers 404 NOT_FOUND for an unknown id', async () => {
    const res = await get('/v1/documents/3e0c9f7a-1b2d-4c5e-8f9a-0b1c2d3e4f50');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: 404, code: 'NOT_FOUND', errors: [] });
  });
});

describe('GET /v1/documents', () => {
  it('lists newest first with default paging', async () => {
    const res = await get('/v1/documents');
    expect(res.status).toBe(200);
    expect(res.json.data.map((d: { reference_code: string }) => d.reference_code)).toEqual(['DOC-5', 'DOC-4', 'DOC-3', 'DOC-2', 'DOC-1']);
    expect(res.json.pagination).toEqual({ page: 1, per_page: 20, total: 5, total_pages: 1 });
  });

  it('pages with page and per_page', async () => {
    const res = await get('/v1/documents?page=2&per_page=2');
    expect(res.json.data.map((d: { reference_code: string }) => d.reference_code)).toEqual(['DOC-3', 'DOC-2']);
    expect(res.json.pagination).toEqual({ page: 2, per_page: 2, total: 5, total_pages: 3 });
    const beyond = await get('/v1/documents?page=9&per_page=2');
    expect(beyond.json.data).toEqual([]);
  });

  it('filters by reference_code and status', async () => {
    const byRef = await get('/v1/documents?reference_code=DOC-4');
    expect(byRef.json.data.map((d: { id: string }) => d.id)).toEqual([ids[3]]);
    expect((await get('/v1/documents?status=QUEUED')).json.pagination.total).toBe(5);
    expect((await get('/v1/documents?status=VALIDATED')).json.data).toEqual([]);
  });

  it('answers 400 VALIDATION for bad paging or filter values', async () => {
    for (const query of ['page=0', 'page=abc', 'per_page=101', 'per_page=0', 'per_page=2.5', 'status=DONE']) {
      const res = await get(`/v1/documents?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe('VALIDATION');
      expect(res.json.errors.length).toBeGreaterThan(0);
    }
    expect((await get('/v1/documents?per_page=100')).status).toBe(200);
  });
});

describe('errors outside the routes', () => {
  it('answers unknown routes with 404 and wrong methods with 405, both in the error body shape', async () => {
    const missing = await get('/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 404, code: 'NOT_FOUND', errors: [] });
    const wrongMethod = await call(sb.baseUrl, 'DELETE', `/v1/documents/${ids[0]}`, { token });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', errors: [] });
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect(wrongMethod.headers.get('content-type')).toContain('application/json');
  });

  it('has no fault routes unless faults are enabled', async () => {
    for (const [method, path] of [['POST', '/sandbox/faults'], ['GET', '/sandbox/counters'], ['POST', '/sandbox/tokens/revoke'], ['POST', '/sandbox/counters/reset']] as const) {
      const res = await call(sb.baseUrl, method, path, { token, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(404);
    }
  });
});
