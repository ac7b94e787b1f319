/**
 * Issue 27: the addresses a till keeps of its server (a real SQLite file's settings) and a request's way through them
 * (real HTTPS servers on 127.0.0.1 with real certificates): an address that refuses the connection, one that accepts
 * it and never answers the handshake, and one that shows another certificate are each left for the next; the pinned
 * server answers and is tried first from then on; the stranger never receives a request; with no good address left
 * the failure says "another certificate".
 */
import { createServer as createHttpsServer, type Server } from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openStore, type Store } from '../../../electron/core/store';
import { certificateFingerprint } from '../../../electron/core/shop/pinned-transport';
import { storedServerAddresses } from '../../../electron/core/shop/server-addresses';
import { caller } from '../../../electron/core/shop/shop-client';
import { ShopError } from '../../../electron/core/shop/shop-error';
import { MAX_SERVER_ADDRESSES, pairingRows, readShopPairing, SHOP_KEYS } from '../../../electron/core/shop/shop-pairing-record';
import { selfSignedCertificate } from '../../support/self-signed-cert';
import { freePort } from '../../support/shop-server-process';

const health = z.object({ ok: z.literal(true) });
const PIN_RECORD = { pin: 'ab'.repeat(32), tillId: 't-1', tillNumber: 3, shopId: 's-1', shopName: 'Tienda', pairedAt: 1 };

let dir = '';
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-addresses-'));
  store = openStore({ path: join(dir, 'till.db') });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function listen(server: Server | TcpServer): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`https://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

describe('the addresses a till keeps of its server', () => {
  it('keeps the one that answered first, an extra one last, at most eight, and reads a damaged list as the first alone', () => {
    for (const [k, v] of Object.entries(pairingRows({ ...PIN_RECORD, serverUrl: 'https://192.168.1.20:4300' }))) store.setSetting(k, v);
    const logs: string[] = [];
    const book = storedServerAddresses({ rows: store, pin: PIN_RECORD.pin, now: Date.now, log: (l) => logs.push(l) });
    expect(book.list()).toEqual(['https://192.168.1.20:4300']);
    book.add('https://192.168.1.21:4300', false);
    book.add('https://192.168.1.35:4300', true);
    expect(book.list()).toEqual(['https://192.168.1.35:4300', 'https://192.168.1.20:4300', 'https://192.168.1.21:4300']);
    book.answered('https://192.168.1.21:4300');
    expect(readShopPairing(store)?.serverUrl).toBe('https://192.168.1.21:4300');
    expect(readShopPairing(store)?.serverUrls).toEqual(['https://192.168.1.21:4300', 'https://192.168.1.35:4300', 'https://192.168.1.20:4300']);
    expect(book.remove('https://192.168.1.35:4300')).toBe(true);
    for (let i = 0; i < 12; i++) book.add(`https://10.0.0.${i + 1}:4300`, false);
    expect(book.list()).toHaveLength(MAX_SERVER_ADDRESSES);
    expect(book.list()[0]).toBe('https://192.168.1.21:4300');
    // The last one is never taken off: the till would not know where its server is.
    while (book.list().length > 1) book.remove(book.list()[1]!);
    expect(book.remove(book.list()[0]!)).toBe(false);
    store.setSetting(SHOP_KEYS.serverUrls, '{not json');
    expect(book.list()).toEqual(['https://192.168.1.21:4300']);
  });

  it('looks on the network once at a time and at most once a minute, and offers only https addresses it does not know', async () => {
    let looks = 0;
    let release: (v: string[]) => void = () => {};
    let at = 1_000_000;
    const book = storedServerAddresses({
      rows: store, pin: PIN_RECORD.pin, now: () => at, log: () => {},
      browse: () => { looks += 1; return new Promise((r) => { release = r; }); },
    });
    const a = book.discover();
    const b = book.discover();
    release(['192.168.1.21:4300', '192.168.1.50:4300', 'nonsense', '192.168.1.50:4300']);
    expect(await a).toEqual(['https://192.168.1.50:4300']);
    expect(await b).toEqual(['https://192.168.1.50:4300']);
    expect(await book.discover()).toEqual([]);
    at += 60_000;
    const c = book.discover();
    release([]);
    expect(await c).toEqual([]);
    expect(looks).toBe(2);
  });
});

describe('a request through the addresses (real HTTPS on 127.0.0.1)', () => {
  const servers: Array<Server | TcpServer> = [];
  const hung: Socket[] = [];
  let pinned = '';
  let stranger = '';
  let silent = '';
  let refused = '';
  let pin = '';
  let strangerRequests = 0;
  beforeAll(async () => {
    const ours = selfSignedCertificate();
    const theirs = selfSignedCertificate();
    pin = certificateFingerprint(new X509Certificate(ours.cert).raw);
    const good = createHttpsServer(ours, (_req, res) => res.end('{"ok":true}'));
    const bad = createHttpsServer(theirs, (_req, res) => { strangerRequests += 1; res.end('{"ok":true}'); });
    // Accepts the connection and never answers the TLS handshake (a machine that took the old address, say).
    const mute = createTcpServer((socket) => hung.push(socket));
    servers.push(good, bad, mute);
    pinned = await listen(good);
    stranger = await listen(bad);
    silent = await listen(mute);
    refused = `https://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    for (const s of hung) s.destroy();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('leaves a refused, a silent and a stranger\'s address for the pinned server, which is tried first from then on; the stranger gets no request', async () => {
    for (const [k, v] of Object.entries(pairingRows({ ...PIN_RECORD, pin, serverUrl: refused, serverUrls: [refused, silent, stranger, pinned] }))) store.setSetting(k, v);
    const book = storedServerAddresses({ rows: store, pin, now: Date.now, log: () => {} });
    const call = caller({ baseUrl: refused, addresses: book, pin, timeouts: { connectMs: 500 }, retry: { attempts: 1 } }, null);
    expect(await call('GET', '/v1/health', undefined, health)).toEqual({ ok: true });
    expect(book.list()).toEqual([pinned, refused, silent, stranger]);
    expect(strangerRequests).toBe(0);
  });

  it('with no good address left, fails as "another certificate" (the owner is told it is not the server), and nothing reached the stranger', async () => {
    for (const [k, v] of Object.entries(pairingRows({ ...PIN_RECORD, pin, serverUrl: refused, serverUrls: [refused, stranger] }))) store.setSetting(k, v);
    const book = storedServerAddresses({ rows: store, pin, now: Date.now, log: () => {} });
    const call = caller({ baseUrl: refused, addresses: book, pin, timeouts: { connectMs: 500 }, retry: { attempts: 1 } }, null);
    const failure = await call('GET', '/v1/health', undefined, health).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ShopError);
    expect((failure as ShopError).code).toBe('CERT_MISMATCH');
    expect(book.list()).toEqual([refused, stranger]);
    expect(strangerRequests).toBe(0);
  });
});
