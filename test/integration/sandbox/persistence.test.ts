import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, currentInvoiceRangeId, invoiceBody, pollDocument, rangesOf, tokenFor } from './sandbox-calls';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
const running: RunningSandbox[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(db: string, extra: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const sb = await startSandbox({ db, faults: true, ...extra });
  running.push(sb);
  return sb;
}

describe('a database file across restarts', () => {
  it('keeps documents, counters, range ids and tokens, and resumes QUEUED documents', async () => {
    const db = join(dir, 'resume.sqlite');
    const first = await start(db, { validationDelayMs: 600_000 });
    const token = await tokenFor(first);
    const rangeIds = (await rangesOf(first, token)).map((r) => r.id);
    const rangeId = await currentInvoiceRangeId(first, token);
    const created = await call(first.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'KEEP-1') });
    const queued = await pollDocument(first, token, created.json.id, (d) => d.full_number !== null);
    expect(queued.status).toBe('QUEUED');
    const countersBefore = (await call(first.baseUrl, 'GET', '/sandbox/counters', { token })).json;
    await first.close();

    const second = await start(db, { validationDelayMs: 0 });
    // The token from before the restart still works: the signing key and issued tokens are in the file.
    const ranges = await rangesOf(second, token);
    expect(ranges.map((r) => r.id)).toEqual(rangeIds);
    const done = await pollDocument(second, token, created.json.id, (d) => d.status !== 'QUEUED');
    expect(done.status).toBe('VALIDATED');
    expect(done.full_number).toBe(queued.full_number);
    const counters = (await call(second.baseUrl, 'GET', '/sandbox/counters', { token })).json;
    expect(counters.documents).toBe(countersBefore.documents);
    expect(counters.numbers_consumed).toBe(countersBefore.numbers_consumed);
    expect(counters.requests['POST /v1/invoices']).toBe(1);

    // The next invoice continues the sequence rather than reusing a number.
    const next = await call(second.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'KEEP-2') });
    const nextDoc = await pollDocument(second, token, next.json.id, (d) => d.status !== 'QUEUED');
    expect(Number(nextDoc.full_number.slice(4))).toBe(Number(done.full_number.slice(4)) + 1);
    // Idempotency survives the restart too.
    const retry = await call(second.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'KEEP-1') });
    expect(retry.status).toBe(200);
    expect(retry.json.id).toBe(created.json.id);
    await second.close();
  });

  it("hides one client's documents from another client (404 NOT_FOUND)", async () => {
    const db = join(dir, 'clients.sqlite');
    const shopA = await start(db, { clientId: 'fc_shop_a', clientSecret: 'a-secret', validationDelayMs: 0 });
    const tokenA = await tokenFor(shopA);
    const created = await call(shopA.baseUrl, 'POST', '/v1/invoices', {
      token: tokenA,
      body: invoiceBody(await currentInvoiceRangeId(shopA, tokenA), 'SHARED-REF'),
    });
    await pollDocument(shopA, tokenA, created.json.id, (d) => d.status !== 'QUEUED');
    await shopA.close();

    const shopB = await start(db, { clientId: 'fc_shop_b', clientSecret: 'b-secret', validationDelayMs: 0 });
    expect((await call(shopB.baseUrl, 'GET', '/v1/documents', { token: tokenA })).status).toBe(401);
    const tokenB = await tokenFor(shopB);
    const res = await call(shopB.baseUrl, 'GET', `/v1/documents/${created.json.id}`, { token: tokenB });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('NOT_FOUND');
    expect((await call(shopB.baseUrl, 'GET', `/sandbox/documents/${created.json.id}/ubl`, { token: tokenB })).status).toBe(404);
    expect((await call(shopB.baseUrl, 'GET', '/v1/documents', { token: tokenB })).json.data).toEqual([]);
    // The same reference_code is a different invoice for another client.
    const own = await call(shopB.baseUrl, 'POST', '/v1/invoices', {
      token: tokenB,
      body: invoiceBody(await currentInvoiceRangeId(shopB, tokenB), 'SHARED-REF'),
    });
    expect(own.status).toBe(201);
    expect(own.json.id).not.toBe(created.json.id);
  });
});
