import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import type { InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { clientFor, controlSandbox, startTestSandbox } from './sandbox-control';

let sandbox: RunningSandbox | null = null;
let api: InvoicingApi | null = null;

afterEach(async () => {
  await api?.close();
  await sandbox?.close();
  api = null;
  sandbox = null;
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('tokens against the real sandbox', () => {
  it('one token serves 20 calls', async () => {
    sandbox = await startTestSandbox();
    const control = await controlSandbox(sandbox);
    const before = await control.counters();
    api = clientFor(sandbox);
    for (let i = 0; i < 20; i++) await api.listNumberingRanges();
    const after = await control.counters();
    expect(after.tokens_issued - before.tokens_issued).toBe(1);
    expect(api.stats()).toMatchObject({ requests: 21, tokenRequests: 1, retries: 0, http429: 0 });
  });

  it('concurrent first calls share one token request', async () => {
    sandbox = await startTestSandbox();
    const control = await controlSandbox(sandbox);
    const before = await control.counters();
    api = clientFor(sandbox);
    const results = await Promise.all(Array.from({ length: 10 }, () => api!.listNumberingRanges()));
    expect(results.every((ranges) => ranges.length > 0)).toBe(true);
    expect((await control.counters()).tokens_issued - before.tokens_issued).toBe(1);
    expect(api.stats().tokenRequests).toBe(1);
  });

  it('a 3 s token is renewed about once per half-life, never once per call', async () => {
    sandbox = await startTestSandbox({ tokenTtlSeconds: 3 });
    const control = await controlSandbox(sandbox);
    const before = await control.counters();
    api = clientFor(sandbox);
    const startedAt = Date.now();
    const calls = 24;
    for (let i = 0; i < calls; i++) {
      await api.listNumberingRanges();
      await sleep(150);
    }
    const elapsed = Date.now() - startedAt;
    const stats = api.stats();
    const issued = (await control.counters()).tokens_issued - before.tokens_issued;
    expect(issued).toBe(stats.tokenRequests);
    // Renewed at half of 3 s: at least one renewal happened, and at most one per 1.5 s elapsed (plus the first).
    expect(stats.tokenRequests).toBeGreaterThanOrEqual(2);
    expect(stats.tokenRequests).toBeLessThanOrEqual(Math.ceil(elapsed / 1_500) + 1);
    expect(stats.tokenRequests).toBeLessThan(calls / 3);
    // No call was refused for an expired token: one request per call plus the token requests.
    expect(stats.requests).toBe(calls + stats.tokenRequests);
  });

  it('a revoked token gets a 401, one new token, and the call succeeds', async () => {
    sandbox = await startTestSandbox();
    const control = await controlSandbox(sandbox);
    api = clientFor(sandbox);
    await api.listNumberingRanges();
    await control.revokeTokens();
    const before = await control.counters();
    const ranges = await api.listNumberingRanges();
    expect(ranges.length).toBeGreaterThan(0);
    const after = await control.counters();
    expect(after.tokens_issued - before.tokens_issued).toBe(1);
    expect((after.requests['GET /v1/numbering-ranges'] ?? 0) - (before.requests['GET /v1/numbering-ranges'] ?? 0)).toBe(2);
    expect(api.stats()).toMatchObject({ tokenRequests: 2, retries: 0 });
  });

  it('wrong credentials: an auth error with the service message, asked once (not retried)', async () => {
    sandbox = await startTestSandbox();
    api = clientFor(sandbox, { getClientSecret: async () => 'not-the-secret' });
    const error = await api.listNumberingRanges().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'auth', status: 401, code: 'UNAUTHORIZED', message: 'invalid client_id or client_secret' });
    expect(JSON.stringify(error)).not.toContain('not-the-secret');
    expect(api.stats()).toMatchObject({ requests: 1, tokenRequests: 1, retries: 0 });
  });
});
