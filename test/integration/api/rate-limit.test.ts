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

describe('rate limit against the real sandbox', () => {
  it('60 concurrent calls against a 20 per 2 s service: all succeed and the service never answers 429', async () => {
    sandbox = await startTestSandbox({ rateLimit: 20, rateLimitWindowMs: 2_000 });
    // The control line's own token request takes one of the 20; the client keeps to the other 19.
    const control = await controlSandbox(sandbox);
    api = clientFor(sandbox, { rateLimit: { limit: 19, windowMs: 2_000 }, retry: { maxAttempts: 1 } });
    const client = api;
    const results = await Promise.all(Array.from({ length: 60 }, () => client.listNumberingRanges()));
    expect(results.every((ranges) => ranges.length === 3)).toBe(true);
    expect(client.stats()).toMatchObject({ requests: 61, tokenRequests: 1, http429: 0, retries: 0 });
    expect((await control.counters()).http_429).toBe(0);
  });
});
