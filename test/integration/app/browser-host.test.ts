import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../common/web-host/host';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import { receiveUpload } from '../../../electron/core/uploads/upload-store';
import { LIMITS } from '../../../shared/limits';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, startAppRig, type AppRig } from './app-rig';
import { CONTENT_SECURITY_POLICY } from '../../../electron/window';

/** node:http, because fetch does not let a test forge the Host header. */
function rawRequest(port: number, path: string, headers: Record<string, string>, body = '{}'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers, timeout: 5_000 }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

describe('browser-mode host', () => {
  const key = randomBytes(24).toString('base64url');
  let rig: AppRig;
  let host: BrowserHost;
  let staticRoot: string;
  let base: string;

  const post = (method: string, body: unknown, headers: Record<string, string> = { 'x-mostrador-key': key }) =>
    fetch(`${base}/bridge/${method}`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body), signal: AbortSignal.timeout(5_000),
    });

  beforeAll(async () => {
    rig = await startAppRig();
    staticRoot = mkdtempSync(join(tmpdir(), 'mostrador-dist-'));
    host = await startBrowserHost({
      call: (m, i) => dispatch(rig.composed.app.handlers, m, i),
      subscribe: (l) => rig.composed.app.subscribe(l),
      upload: (body) => receiveUpload(rig.composed.uploads, body),
      staticDir: join(staticRoot, 'renderer'),
      key,
      port: 0,
    });
    base = `http://127.0.0.1:${host.port}`;
  });
  afterAll(async () => {
    await host?.close();
    await rig?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('takes a catalog CSV as an upload (keyed), previews and imports it by its token, and refuses one over the size limit', async () => {
    const upload = (body: BodyInit, headers: Record<string, string> = { 'x-mostrador-key': key }) =>
      fetch(`${base}/bridge-upload`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body, signal: AbortSignal.timeout(30_000) });
    expect((await upload('codigo;nombre;precio_base\nUP-1;Subido;1000', {})).status).toBe(403);
    const file = 'codigo;nombre;precio_base\nUP-1;Subido;1000\nUP-2;Subido dos;2000';
    const sent = await (await upload(file)).json() as { ok: true; value: { token: string; bytes: number } };
    expect(sent).toMatchObject({ ok: true, value: { bytes: Buffer.byteLength(file) } });
    expect(await (await post('catalog.importPreview', { upload: sent.value.token })).json()).toMatchObject({ ok: true, value: { rows: 2, creates: 2, errorCount: 0 } });
    expect(await (await post('catalog.importCommit', { upload: sent.value.token })).json()).toEqual({ ok: true, value: { created: 2, updated: 0, outcome: 'imported', saved: 2, rows: 2 } });
    // Imported, the file is forgotten: its token names nothing any more.
    expect(await (await post('catalog.importCommit', { upload: sent.value.token })).json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { upload: expect.stringContaining('no longer here') } } });
    const tooLarge = await upload(new Uint8Array(LIMITS.catalogFileBytes + 1).fill(65));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { file: `the file is larger than ${LIMITS.catalogFileBytes} bytes` } } });
    expect((await post('app.info', {})).status).toBe(200);
  });

  it('prints an address on 127.0.0.1 with the key in the fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#key=${key}`);
  });

  it('answers a call that carries the key with the envelope', async () => {
    const res = await post('app.info', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, value: { shell: 'browser', demo: true } });
    expect(await (await post('sales.refund', {})).json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    const invalid = await (await post('catalog.search', { text: 'café' })).json();
    expect(invalid).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { limit: expect.any(String) } } });
    expect((await post('app.info', '{not json')).status).toBe(400);
  });

  it('refuses calls without the key, with a wrong key, with a forged Host, or from another site', async () => {
    const missing = await post('settings.get', {}, {});
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect((await post('settings.get', {}, { 'x-mostrador-key': `${key}x` })).status).toBe(403);
    expect((await post('settings.get', {}, { 'x-mostrador-key': key.slice(1) })).status).toBe(403);
    const forged = await rawRequest(host.port, '/bridge/settings.get', { host: `rebind.evil.example:${host.port}`, 'x-mostrador-key': key, 'content-type': 'application/json' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const honest = await rawRequest(host.port, '/bridge/settings.get', { host: `localhost:${host.port}`, 'x-mostrador-key': key, 'content-type': 'application/json' });
    expect(honest.status).toBe(200);
    expect((await post('settings.get', {}, { 'x-mostrador-key': key, origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${base}/bridge/app.info`, { signal: AbortSignal.timeout(5_000) })).status).toBe(405);
  });

  it('answers a body over 2 MB with a 413 envelope (not a connection reset), and keeps answering', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024), limit: 5 });
    const res = await post('catalog.search', big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('larger') } });
    expect((await post('app.info', {})).status).toBe(200);
  });

  it('checks the key before it reads a malformed %-encoded method name, then answers 404 with the envelope', async () => {
    const unkeyed = await rawRequest(host.port, '/bridge/%E0%A4%A', { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json' });
    expect(unkeyed.status).toBe(403);
    expect(JSON.parse(unkeyed.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const keyed = await rawRequest(host.port, '/bridge/%E0%A4%A', { host: `127.0.0.1:${host.port}`, 'x-mostrador-key': key, 'content-type': 'application/json' });
    expect(keyed.status).toBe(404);
    expect(JSON.parse(keyed.body)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
  });

  it('shows a clear 503 page while the renderer is not built, and serves it once it is', async () => {
    const missing = await fetch(`${base}/`, { signal: AbortSignal.timeout(5_000) });
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('npm run build:renderer');

    mkdirSync(join(staticRoot, 'renderer', 'assets'), { recursive: true });
    writeFileSync(join(staticRoot, 'renderer', 'index.html'), '<!doctype html><title>Mostrador</title>');
    writeFileSync(join(staticRoot, 'renderer', 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(staticRoot, 'outside.txt'), 'not served');
    const page = await fetch(`${base}/`, { signal: AbortSignal.timeout(5_000) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>Mostrador</title>');
    const script = await fetch(`${base}/assets/app-1234.js`, { signal: AbortSignal.timeout(5_000) });
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await rawRequest(host.port, '/%2e%2e/outside.txt', { host: `127.0.0.1:${host.port}` }, '')).status).toBe(405);
    const escape = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port: host.port, path: '/%2e%2e/outside.txt', timeout: 5_000 }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject).end();
    });
    expect(escape).toBe(404);
  });

  it('streams events to a page that carries the key, and refuses one without it', async () => {
    expect((await fetch(`${base}/bridge/events?key=wrong`, { signal: AbortSignal.timeout(5_000) })).status).toBe(403);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 10_000);
    const res = await fetch(`${base}/bridge/events?key=${key}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const charged = await (await post('sales.charge', {
      customer: consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' }), items: ITEMS, payment: CASH,
    })).json();
    let text = '';
    try {
      while (!text.includes(`"referenceCode":"${charged.value.referenceCode}"`)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    expect(text).toMatch(/event: sale\.updated\ndata: \{[^\n]*"state":"waiting"/);
    expect(text).toContain('event: sync.status\ndata: ');
  });
});
