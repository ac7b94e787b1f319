import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../renderer/bridge/http-transport';

/** A real HTTP host on 127.0.0.1 that answers like browser mode's: envelopes, 403 without the key. */
const KEY = 'launch-key-1';
const seen: Array<{ url: string; key: string | undefined; body: unknown }> = [];
let server: Server;
let baseUrl: string;

const readBody = async (req: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const key = req.headers['x-mostrador-key'] as string | undefined;
      seen.push({ url: req.url ?? '', key, body: JSON.parse(text || 'null') });
      if (req.url === '/bridge/broken') { res.writeHead(500).end('<html>oops</html>'); return; }
      if (req.url === '/bridge/odd') { res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":1}'); return; }
      res.setHeader('Content-Type', 'application/json');
      if (key !== KEY) { res.writeHead(403).end(JSON.stringify({ ok: false, error: { code: 'FORBIDDEN', message: 'wrong key' } })); return; }
      res.writeHead(200).end(JSON.stringify({ ok: true, value: { echo: JSON.parse(text) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const transport = (key: string, url = baseUrl) => createHttpTransport({
  baseUrl: url, key, fetch, openEvents: () => { throw new Error('no events in this test'); },
});

describe('the browser-mode bridge transport over real HTTP', () => {
  it('posts the input to /bridge/<method> with the key header and returns the envelope', async () => {
    const answer = await transport(KEY).call('catalog.search', { text: 'café', limit: 5 });
    expect(answer).toEqual({ ok: true, value: { echo: { text: 'café', limit: 5 } } });
    expect(seen.at(-1)).toMatchObject({ url: '/bridge/catalog.search', key: KEY });
  });

  it('passes the host refusal through as an envelope', async () => {
    const answer = await transport('wrong').call('app.info', {});
    expect(answer).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'wrong key' } });
  });

  it('turns an unreadable or unexpected reply into an error envelope instead of throwing', async () => {
    const broken = await transport(KEY).call('broken' as 'app.info', {});
    expect(broken.ok).toBe(false);
    const odd = await transport(KEY).call('odd' as 'app.info', {});
    expect(odd).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('answers with an error envelope when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await transport(KEY, url).call('app.info', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});
