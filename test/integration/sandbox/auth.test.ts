import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, tokenFor } from './sandbox-calls';

const START = Date.parse('2026-03-02T15:00:00Z');

describe('bearer authentication (fake clock)', () => {
  let sb: RunningSandbox;
  let clock = START;
  const lines: string[] = [];
  beforeAll(async () => {
    sb = await startSandbox({ faults: true, tokenTtlSeconds: 60, now: () => clock, log: (l) => lines.push(l) });
  });
  afterAll(() => sb.close());

  const protectedRoutes: Array<[string, string]> = [
    ['GET', '/v1/numbering-ranges'],
    ['POST', '/v1/invoices'],
    ['GET', '/v1/documents'],
    ['GET', '/v1/documents/7f1c7c52-7a5e-4c1e-9a55-0b8f3f0b2d10'],
    ['GET', '/sandbox/documents/7f1c7c52-7a5e-4c1e-9a55-0b8f3f0b2d10/ubl'],
    ['GET', '/sandbox/documents/7f1c7c52-7a5e-4c1e-9a55-0b8f3f0b2d10/totals'],
    ['POST', '/sandbox/webhooks'],
    ['POST', '/sandbox/faults'],
    ['GET', '/sandbox/counters'],
    ['POST', '/sandbox/counters/reset'],
    ['POST', '/sandbox/tokens/revoke'],
  ];

  it('refuses every protected route without a bearer, and with a malformed one', async () => {
    for (const [method, path] of protectedRoutes) {
      const body = method === 'POST' ? {} : undefined;
      const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic Zm9vOmJhcg==' }];
      for (const headers of attempts) {
        const res = await call(sb.baseUrl, method, path, { body, headers });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json).toMatchObject({ status: 401, code: 'UNAUTHORIZED', errors: [] });
      }
    }
  });

  it('lets /sandbox/health through without a bearer', async () => {
    const res = await call(sb.baseUrl, 'GET', '/sandbox/health');
    expect(res.status).toBe(200);
  });

  it('accepts a fresh token and refuses a forged one (same claims, other key)', async () => {
    const token = await tokenFor(sb);
    expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token })).status).toBe(200);
    const [header, payload] = token.split('.') as [string, string];
    const forgedSig = createHmac('sha256', 'guessed-key').update(`${header}.${payload}`).digest('base64url');
    expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token: `${header}.${payload}.${forgedSig}` })).status).toBe(401);
    // A longer lifetime written into the payload breaks the signature.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const stretched = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
    const sig = token.split('.')[2];
    expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token: `${header}.${stretched}.${sig}` })).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token: `${none}.${payload}.` })).status).toBe(401);
  });

  it('refuses a token once the clock passes its exp', async () => {
    const token = await tokenFor(sb);
    clock += 59_000;
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token })).status).toBe(200);
    clock += 1_000;
    const res = await call(sb.baseUrl, 'GET', '/v1/documents', { token });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('UNAUTHORIZED');
  });

  it('refuses every token issued before a revocation, and accepts new ones', async () => {
    const first = await tokenFor(sb);
    const second = await tokenFor(sb);
    expect((await call(sb.baseUrl, 'POST', '/sandbox/tokens/revoke', { token: first })).status).toBe(200);
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token: first })).status).toBe(401);
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token: second })).status).toBe(401);
    const fresh = await tokenFor(sb);
    expect((await call(sb.baseUrl, 'GET', '/v1/documents', { token: fresh })).status).toBe(200);
  });

  it('never writes the client secret or a token to the request log', async () => {
    const token = await tokenFor(sb);
    await call(sb.baseUrl, 'GET', '/v1/documents?reference_code=x', { token });
    expect(lines.length).toBeGreaterThan(5);
    const all = lines.join('\n');
    expect(all).not.toContain(sb.clientSecret);
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split('.')[2]);
    expect(all).toContain('GET /v1/documents -> 200');
  });
});
