import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/invoicing/errors';
import { createHttpClient, type HttpClient } from '../../../common/invoicing/http';
import { createTokenManager } from '../../../common/invoicing/token-manager';
import { reply, startScriptedServer, type ScriptedServer } from './scripted-server';

const SECRET = 'very-secret-value';
let server: ScriptedServer | null = null;
let http: HttpClient | null = null;

afterEach(async () => {
  await http?.close();
  await server?.close();
  http = null;
  server = null;
});

/** A token endpoint issuing tok-1, tok-2, ... with the given lifetime; `delayMs` holds each answer back. */
async function tokenService(expiresIn: number, delayMs = 0) {
  let issued = 0;
  server = await startScriptedServer((req, res) => {
    if (req.url !== '/v1/oauth/token') return reply(res, 404, { code: 'NOT_FOUND' });
    issued++;
    const body = { access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: expiresIn };
    setTimeout(() => reply(res, 200, body), delayMs);
  });
  http = createHttpClient({ connectMs: 2_000, totalMs: 5_000 });
  return { baseUrl: server.baseUrl, issued: () => issued };
}

function manager(baseUrl: string, now: () => number, secretCalls = { count: 0 }) {
  return createTokenManager({
    baseUrl,
    clientId: 'fc_demo',
    getClientSecret: async () => {
      secretCalls.count++;
      return SECRET;
    },
    http: http as HttpClient,
    now,
  });
}

describe('token manager (fake clock, real HTTP on 127.0.0.1)', () => {
  it('asks once and reuses the token for its lifetime, sending the client-credentials body', async () => {
    const svc = await tokenService(3600);
    let t = 1_000_000;
    const tokens = manager(svc.baseUrl, () => t);
    const seen = [];
    for (let i = 0; i < 20; i++) {
      seen.push(await tokens.getToken());
      t += 60_000; // 20 minutes in total, well inside the hour
    }
    expect(new Set(seen)).toEqual(new Set(['tok-1']));
    expect(svc.issued()).toBe(1);
    expect(JSON.parse(server?.requests[0]?.body ?? '')).toEqual({ grant_type: 'client_credentials', client_id: 'fc_demo', client_secret: SECRET });
  });

  it('refreshes 60 s before expiry, not earlier', async () => {
    const svc = await tokenService(3600);
    let t = 0;
    const tokens = manager(svc.baseUrl, () => t);
    await tokens.getToken();
    t = 3_540_000 - 1;
    expect(await tokens.getToken()).toBe('tok-1');
    t = 3_540_000;
    expect(await tokens.getToken()).toBe('tok-2');
    expect(svc.issued()).toBe(2);
  });

  it('a very short lifetime is refreshed at half-life', async () => {
    const svc = await tokenService(3);
    let t = 0;
    const tokens = manager(svc.baseUrl, () => t);
    await tokens.getToken();
    t = 1_499;
    expect(await tokens.getToken()).toBe('tok-1');
    t = 1_500;
    expect(await tokens.getToken()).toBe('tok-2');
  });

  it('concurrent callers share one token request', async () => {
    const svc = await tokenService(3600, 50);
    const tokens = manager(svc.baseUrl, () => 0);
    const all = await Promise.all(Array.from({ length: 10 }, () => tokens.getToken()));
    expect(new Set(all)).toEqual(new Set(['tok-1']));
    expect(svc.issued()).toBe(1);
  });

  it('invalidate after a 401 makes the next callers fetch exactly one new token; a stale token is ignored', async () => {
    const svc = await tokenService(3600, 20);
    const tokens = manager(svc.baseUrl, () => 0);
    const first = await tokens.getToken();
    tokens.invalidate(first);
    const after = await Promise.all([tokens.getToken(), tokens.getToken(), tokens.getToken()]);
    expect(new Set(after)).toEqual(new Set(['tok-2']));
    tokens.invalidate(first); // a late 401 for the old token must not throw away the new one
    expect(await tokens.getToken()).toBe('tok-2');
    expect(svc.issued()).toBe(2);
  });

  it('asks for the secret on every token request and never puts it in an error', async () => {
    server = await startScriptedServer((_req, res) =>
      reply(res, 401, { status: 401, code: 'UNAUTHORIZED', message: 'invalid client_id or client_secret', errors: [] }),
    );
    http = createHttpClient({ connectMs: 2_000, totalMs: 5_000 });
    const secretCalls = { count: 0 };
    const tokens = manager(server.baseUrl, () => 0, secretCalls);
    for (let i = 0; i < 2; i++) {
      const error = await tokens.getToken().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'auth', status: 401, code: 'UNAUTHORIZED', message: 'invalid client_id or client_secret' });
      expect(JSON.stringify({ m: (error as ApiError).message, d: (error as ApiError).details })).not.toContain(SECRET);
    }
    // A failed request is not cached: the second call asked again, fetching the secret again.
    expect(server.requests).toHaveLength(2);
    expect(secretCalls.count).toBe(2);
  });

  it('a token answer without access_token is a contract error, not ambiguous', async () => {
    server = await startScriptedServer((_req, res) => reply(res, 200, { token_type: 'Bearer', expires_in: 3600 }));
    http = createHttpClient({ connectMs: 2_000, totalMs: 5_000 });
    const tokens = manager(server.baseUrl, () => 0);
    await expect(tokens.getToken()).rejects.toMatchObject({ kind: 'contract', ambiguous: false });
  });

  it('reads a token wrapped in {data: ...} and a base URL with a path prefix', async () => {
    server = await startScriptedServer((req, res) =>
      req.url === '/api/v1/oauth/token' ? reply(res, 201, { data: { access_token: 'wrapped', expires_in: '3600' } }) : reply(res, 404, {}),
    );
    http = createHttpClient({ connectMs: 2_000, totalMs: 5_000 });
    const tokens = manager(`${server.baseUrl}/api`, () => 0);
    expect(await tokens.getToken()).toBe('wrapped');
  });
});
