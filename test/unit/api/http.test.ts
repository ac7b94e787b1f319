import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, errorCodes, networkFailure, type HttpClient } from '../../../common/invoicing/http';
import { reply, startScriptedServer, type ScriptedServer } from './scripted-server';
import { failureOf } from '../../support/api-failure';

const timeouts = { connectMs: 2_000, totalMs: 5_000 };
let server: ScriptedServer | null = null;
let client: HttpClient | null = null;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = null;
  server = null;
});


describe('http transport over real HTTP on 127.0.0.1', () => {
  it('sends the JSON body byte for byte and reads status, headers and body', async () => {
    server = await startScriptedServer((_req, res) => reply(res, 201, { ok: true, 'ñ': 'sí' }, { 'X-Trace': 'abc' }));
    client = createHttpClient(timeouts);
    // Odd spacing, key order and a non-ASCII character must all survive: the body is frozen once.
    const body = '{"b":1,  "a":"Café 1.10","n":1.10}';
    const res = await client.send({ method: 'POST', url: `${server.baseUrl}/v1/x`, body, headers: { authorization: 'Bearer t' } });
    expect(server.requests[0]?.body).toBe(body);
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer t');
    expect(res.status).toBe(201);
    expect(res.headers['x-trace']).toBe('abc');
    expect(res.json).toEqual({ ok: true, 'ñ': 'sí' });
  });

  it('keeps a body that is not JSON as text with json undefined', async () => {
    server = await startScriptedServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    client = createHttpClient(timeouts);
    const res = await client.send({ method: 'GET', url: `${server.baseUrl}/v1/documents` });
    expect(res.status).toBe(502);
    expect(res.bodyText).toBe('<html>Bad gateway</html>');
    expect(res.json).toBeUndefined();
  });

  it('a refused connection is transient and not ambiguous (nothing was sent)', async () => {
    server = await startScriptedServer((_req, res) => reply(res, 200, {}));
    const url = `${server.baseUrl}/v1/invoices`;
    await server.close();
    server = null;
    client = createHttpClient(timeouts);
    const error = await failureOf(client.send({ method: 'POST', url, body: '{}' }));
    expect(error.kind).toBe('transient');
    expect(error.code).toBe('NETWORK');
    expect(error.ambiguous).toBe(false);
    expect(error.details).toContain('ECONNREFUSED');
  });

  it('a connection dropped after the body was sent is transient and ambiguous', async () => {
    server = await startScriptedServer((_req, res) => res.socket?.destroy());
    client = createHttpClient(timeouts);
    const error = await failureOf(client.send({ method: 'POST', url: `${server.baseUrl}/v1/invoices`, body: '{"a":1}' }));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('transient');
    expect(error.ambiguous).toBe(true);
    expect(error.code).toBe('CONNECTION_LOST');
  });

  it('a response cut off in the middle of its body is transient and ambiguous', async () => {
    server = await startScriptedServer((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '200' });
      res.write('{"id":"abc","sta');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    client = createHttpClient(timeouts);
    const error = await failureOf(client.send({ method: 'POST', url: `${server.baseUrl}/v1/invoices`, body: '{}' }));
    expect(error.kind).toBe('transient');
    expect(error.ambiguous).toBe(true);
  });

  it('a service that never answers hits the total timeout: transient, ambiguous, code TIMEOUT', async () => {
    server = await startScriptedServer(() => {
      // never answers; the server's close() destroys the socket
    });
    client = createHttpClient({ connectMs: 1_000, totalMs: 300 });
    const error = await failureOf(client.send({ method: 'POST', url: `${server.baseUrl}/v1/invoices`, body: '{}' }));
    expect(error.kind).toBe('transient');
    expect(error.code).toBe('TIMEOUT');
    expect(error.ambiguous).toBe(true);
  });
});

describe('networkFailure classification', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])('%s means nothing was sent', (code) => {
    const error = networkFailure(withCode(code), false);
    expect(error).toMatchObject({ kind: 'transient', code: 'NETWORK', ambiguous: false });
  });

  it.each(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'SOMETHING_NEW'])('%s may have reached the service: ambiguous', (code) => {
    expect(networkFailure(withCode(code), false)).toMatchObject({ kind: 'transient', ambiguous: true });
  });

  it('an error without any code is ambiguous (we cannot prove nothing was sent)', () => {
    expect(networkFailure(new Error('mystery'), false).ambiguous).toBe(true);
  });

  it('header and body timeouts are TIMEOUT and ambiguous', () => {
    expect(networkFailure(withCode('UND_ERR_HEADERS_TIMEOUT'), false)).toMatchObject({ code: 'TIMEOUT', ambiguous: true });
    expect(networkFailure(withCode('UND_ERR_BODY_TIMEOUT'), false)).toMatchObject({ code: 'TIMEOUT', ambiguous: true });
  });

  it('our own timeout wins over a refused-looking code, and a failure after headers is always ambiguous', () => {
    expect(networkFailure(withCode('ECONNREFUSED'), true)).toMatchObject({ code: 'TIMEOUT', ambiguous: true });
    expect(networkFailure(withCode('ECONNREFUSED'), false, true).ambiguous).toBe(true);
  });

  it('finds codes inside an AggregateError (IPv4 and IPv6 both refused) and in a cause', () => {
    const both = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'refused');
    expect(errorCodes(both)).toEqual(['ECONNREFUSED']);
    expect(networkFailure(both, false).ambiguous).toBe(false);
    const wrapped = new Error('fetch failed', { cause: withCode('ENOTFOUND') });
    expect(errorCodes(wrapped)).toEqual(['ENOTFOUND']);
  });

  it('a mix of a refused and an unknown failure stays ambiguous', () => {
    const mixed = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNRESET')], 'mixed');
    expect(networkFailure(mixed, false).ambiguous).toBe(true);
  });
});
