import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, tokenFor } from './sandbox-calls';

describe('rate limit per client over a rolling window (fake clock)', () => {
  let sb: RunningSandbox;
  let clock = Date.parse('2026-05-04T12:00:00Z');
  beforeAll(async () => {
    sb = await startSandbox({ rateLimit: 5, rateLimitWindowMs: 10_000, now: () => clock, faults: true });
  });
  afterAll(() => sb.close());

  it('counts the token call, answers 429 RATE_LIMITED with Retry-After, and lets requests through once the window rolls', async () => {
    const token = await tokenFor(sb); // 1
    for (let i = 0; i < 4; i++) {
      clock += 1_000;
      expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token })).status).toBe(200); // 2..5
    }
    const limited = await call(sb.baseUrl, 'GET', '/v1/documents', { token });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ status: 429, code: 'RATE_LIMITED', errors: [] });
    // The oldest request (the token call, at t0) leaves the window at t0 + 10 s; now is t0 + 4 s.
    expect(limited.headers.get('retry-after')).toBe('6');
    // A token call for the same client is limited as well.
    const tokenCall = await call(sb.baseUrl, 'POST', '/v1/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: sb.clientId, client_secret: sb.clientSecret },
    });
    expect(tokenCall.status).toBe(429);

    clock += 6_000; // the token call has left the window: exactly one slot free
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(200);
    const again = await call(sb.baseUrl, 'GET', '/v1/documents', { token });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The sandbox's own routes are not limited, and they count the 429s.
    const counters = await call(sb.baseUrl, 'GET', '/sandbox/counters', { token });
    expect(counters.status).toBe(200);
    expect(counters.json.http_429).toBe(3);
  });

  it('counts unauthenticated requests per address, separately from the client', async () => {
    clock += 60_000;
    for (let i = 0; i < 5; i++) expect((await call(sb.baseUrl, 'GET', '/v1/documents')).status).toBe(401);
    const res = await call(sb.baseUrl, 'GET', '/v1/documents');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('10');
    // The client's own budget is untouched by the anonymous calls.
    const token = await tokenFor(sb);
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(200);
  });
});
