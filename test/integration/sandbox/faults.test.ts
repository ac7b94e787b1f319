import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, currentInvoiceRangeId, invoiceBody, tokenFor } from './sandbox-calls';

let sb: RunningSandbox;
let token: string;
let rangeId: string;
let randomValue = 0.5;
beforeAll(async () => {
  // Randomness is injected so fail_rate is deterministic.
  sb = await startSandbox({ faults: true, validationDelayMs: 600_000, random: () => randomValue });
  token = await tokenFor(sb);
  rangeId = await currentInvoiceRangeId(sb, token);
});
afterAll(() => sb.close());
beforeEach(async () => {
  await setFaults({ clear: true });
});

async function setFaults(body: unknown) {
  const res = await call(sb.baseUrl, 'POST', '/sandbox/faults', { token, body });
  if (res.status !== 200) throw new Error(`faults: ${res.status} ${res.text}`);
  return res.json;
}
const counters = async () => (await call(sb.baseUrl, 'GET', '/sandbox/counters', { token })).json;
const byReference = async (ref: string) => (await call(sb.baseUrl, 'GET', `/v1/documents?reference_code=${ref}`, { token })).json.data;

describe('fault injection', () => {
  it('fail_next answers the next N requests with that 5xx before doing any work', async () => {
    const before = await counters();
    await setFaults({ fail_next: { count: 2, status: 502 } });
    for (let i = 0; i < 2; i++) {
      const failed = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'F-FAIL') });
      expect(failed.status).toBe(502);
      expect(failed.json).toMatchObject({ status: 502, code: expect.any(String), errors: [] });
    }
    expect((await counters()).documents).toBe(before.documents); // nothing stored
    expect(await byReference('F-FAIL')).toEqual([]);
    const third = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'F-FAIL') });
    expect(third.status).toBe(201);
  });

  it('fail_rate fails a request when the injected random draw is below the rate', async () => {
    randomValue = 0.5;
    await setFaults({ fail_rate: 0.6 });
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(503);
    await setFaults({ fail_rate: 0.4 });
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(200);
  });

  it('reset_after_commit_next commits the invoice, then drops the connection without a response', async () => {
    const before = await counters();
    await setFaults({ reset_after_commit_next: 1 });
    await expect(call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'F-RESET') })).rejects.toThrow();
    const stored = await byReference('F-RESET');
    expect(stored).toHaveLength(1);
    // The client's retry finds the committed invoice instead of creating a second one.
    const retry = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'F-RESET') });
    expect(retry.status).toBe(200);
    expect(retry.json.id).toBe(stored[0].id);
    expect((await counters()).documents - before.documents).toBe(1);
  });

  it('fail_after_commit_next stores the invoice, then answers the 5xx a failing gateway would', async () => {
    const before = await counters();
    await setFaults({ fail_after_commit_next: { count: 1, status: 502 } });
    const failed = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'F-GATEWAY') });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ status: 502, code: 'BAD_GATEWAY' });
    const stored = await byReference('F-GATEWAY');
    expect(stored).toHaveLength(1);
    // Once only: the retry gets the stored invoice back, and no second one is made.
    const retry = await call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, 'F-GATEWAY') });
    expect(retry.status).toBe(200);
    expect(retry.json.id).toBe(stored[0].id);
    expect((await counters()).documents - before.documents).toBe(1);
    expect((await call(sb.baseUrl, 'POST', '/sandbox/faults', { token, body: { fail_after_commit_next: { count: 1, status: 404 } } })).status).toBe(400);
  });

  it('rate_limit_storm_next answers 429 with the given Retry-After, counted in http_429', async () => {
    const before = (await counters()).http_429;
    await setFaults({ rate_limit_storm_next: { count: 2, retry_after_s: 7 } });
    for (let i = 0; i < 2; i++) {
      const res = await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(res.json.code).toBe('RATE_LIMITED');
    }
    expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token })).status).toBe(200);
    expect((await counters()).http_429 - before).toBe(2);
  });

  it('malformed_next answers 200 with a body that is not valid JSON', async () => {
    await setFaults({ malformed_next: 1 });
    const broken = await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token });
    expect(broken.status).toBe(200);
    expect(broken.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(broken.text)).toThrow();
    expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token })).json.data.length).toBeGreaterThan(0);
  });

  it('latency_ms holds requests back (a client with a short timeout gives up)', async () => {
    await setFaults({ latency_ms: 60_000 });
    await expect(
      fetch(`${sb.baseUrl}/v1/documents`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    await setFaults({ clear: true });
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(200);
  });

  it('clear removes every fault and the settings are echoed back', async () => {
    const set = await setFaults({ fail_next: { count: 5, status: 500 }, malformed_next: 3, reject_references: ['X'] });
    expect(set).toMatchObject({ fail_next: { count: 5, status: 500 }, malformed_next: 3, reject_references: ['X'] });
    const cleared = await setFaults({ clear: true });
    expect(cleared).toMatchObject({ fail_next: { count: 0 }, malformed_next: 0, reject_references: [], latency_ms: 0, fail_rate: 0 });
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(200);
  });

  it('rejects unknown or out-of-range fault settings with 400 VALIDATION', async () => {
    const res = await call(sb.baseUrl, 'POST', '/sandbox/faults', { token, body: { explode: true, fail_rate: 2, fail_next: { count: 1, status: 404 } } });
    expect(res.status).toBe(400);
    const fields = res.json.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['explode', 'fail_next', 'fail_rate']);
    expect(res.json.errors).toContainEqual({ field: 'explode', message: 'property explode should not exist' });
  });

  it('counts requests per route, tokens, documents and numbers, and resets the counters', async () => {
    const reset = await call(sb.baseUrl, 'POST', '/sandbox/counters/reset', { token });
    expect(reset.json).toEqual({ requests: {}, tokens_issued: 0, documents: 0, numbers_consumed: 0, http_429: 0 });
    const t2 = await tokenFor(sb);
    await call(sb.baseUrl, 'POST', '/v1/invoices', { token: t2, body: invoiceBody(rangeId, 'F-COUNT') });
    await call(sb.baseUrl, 'POST', '/v1/invoices', { token: t2, body: invoiceBody(rangeId, 'F-COUNT') });
    await call(sb.baseUrl, 'GET', '/v1/documents', { token: t2 });
    const c = await counters();
    expect(c.requests).toEqual({ 'POST /v1/oauth/token': 1, 'POST /v1/invoices': 2, 'GET /v1/documents': 1 });
    expect(c.tokens_issued).toBe(1);
    expect(c.documents).toBe(1);
    expect(c.numbers_consumed).toBeLessThanOrEqual(1);
  });
});
