/** Pairing a till with a stand-in shop server: proof of the code, the certificate pinned, signed requests. */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { pinnedRequest } from '../../../electron/core/shop/pinned-transport';
import { createShopClient } from '../../../electron/core/shop/shop-client';
import { ShopError } from '../../../electron/core/shop/shop-error';
import { authorizationHeader, newTillKey } from '../../../electron/core/shop/till-key';
import { selfSignedCertificate } from '../../support/self-signed-cert';
import { startStandInShopServer, type StandInShopServer } from '../../support/stand-in-shop-server';
import { memoryCredentials, pairedTill, type ShopRig } from './shop-test-rig';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function httpsServer(): Promise<StandInShopServer> {
  const server = await startStandInShopServer({ tls: selfSignedCertificate() });
  cleanup.push(() => server.close());
  return server;
}
function memoryStore(): Store {
  const store = openStore({ path: ':memory:' });
  cleanup.push(() => store.close());
  return store;
}

describe('pairing against a stand-in shop server', () => {
  it('proves the code over HTTPS, pins the certificate it saw and keeps the key in the keychain only', async () => {
    const server = await httpsServer();
    const store = memoryStore();
    const credentials = memoryCredentials();
    const code = server.openPairing();
    const { record } = await pairTill({ store, credentials, now: Date.now }, { serverUrl: server.url, code: code.toLowerCase(), tillName: 'Caja 1' });

    expect(record.pin).toMatch(/^[0-9a-f]{64}$/);
    expect(record.pin).toBe(server.fingerprint);
    expect(store.getSetting('shop.cert_pin')).toBe(server.fingerprint);
    expect(store.getSetting('shop.till_number')).toBe('1');
    expect(store.shopState()).toEqual({ paired: true, cursor: 0, generation: null });
    // The private key is in the keychain and nowhere in the data file.
    const [privateKey] = [...credentials.entries.values()];
    expect(privateKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const everything = store.database().prepare('SELECT group_concat(value, \'|\') AS v FROM settings').get() as { v: string };
    expect(everything.v).not.toContain(privateKey);

    // The code worked once.
    const again = pairTill({ store: memoryStore(), credentials: memoryCredentials(), now: Date.now }, { serverUrl: server.url, code, tillName: 'Caja 2' });
    await expect(again).rejects.toMatchObject({ code: 'HTTP', status: 403, serverCode: 'pairing_refused' });
    expect(server.tills.size).toBe(1);
  });

  it('refuses a wrong code without pairing', async () => {
    const server = await httpsServer();
    server.openPairing();
    const attempt = pairTill({ store: memoryStore(), credentials: memoryCredentials(), now: Date.now }, { serverUrl: server.url, code: 'AAAAA-BBBBB', tillName: 'Caja 1' });
    await expect(attempt).rejects.toBeInstanceOf(ShopError);
    expect(server.tills.size).toBe(0);
    expect(server.refusals).toEqual(['pairing_refused']);
  });

  it('refuses a server that shows another certificate than the pinned one, before any request reaches it', async () => {
    const paired = await httpsServer();
    const impostor = await httpsServer();
    const { privateKey } = newTillKey();
    const client = createShopClient({ baseUrl: impostor.url, pin: paired.fingerprint, tillId: 'a'.repeat(32), privateKey, retry: { attempts: 1 } });
    await expect(client.changes(0, 0)).rejects.toMatchObject({ code: 'CERT_MISMATCH' });
    expect(impostor.requests).toBe(0);
    // Plain HTTP is refused unless the pin says loopback (and then only to 127.0.0.1).
    const plain = createShopClient({ baseUrl: impostor.url.replace('https', 'http'), pin: paired.fingerprint, tillId: 'a'.repeat(32), privateKey, retry: { attempts: 1 } });
    await expect(plain.changes(0, 0)).rejects.toMatchObject({ code: 'INSECURE' });
  });
});

describe('signed requests against a stand-in shop server', () => {
  let rig: ShopRig;
  afterEach(async () => rig?.close());

  it('accepts the till\'s signed requests and refuses a forged or replayed one', async () => {
    rig = await pairedTill({ tls: selfSignedCertificate() });
    const page = await rig.client.changes(0, 0);
    expect(page.changes).toEqual([expect.objectContaining({ kind: 'till', key: rig.tillId })]);

    const forger = createShopClient({ baseUrl: rig.server.url, pin: rig.server.fingerprint, tillId: rig.tillId, privateKey: newTillKey().privateKey, retry: { attempts: 1 } });
    await expect(forger.changes(0, 0)).rejects.toMatchObject({ status: 401, serverCode: 'bad_signature' });

    const path = '/v1/changes?since=0&wait=0';
    const authorization = authorizationHeader({ tillId: rig.tillId, privateKey: rig.key.privateKey, method: 'GET', pathWithQuery: path, body: '', now: Date.now() });
    const send = () => pinnedRequest({ url: new URL(path, rig.server.url), pin: rig.server.fingerprint, method: 'GET', headers: { authorization }, body: null, timeoutMs: 5_000 });
    expect((await send()).status).toBe(200);
    const replay = await send();
    expect(replay.status).toBe(401);
    expect(JSON.parse(replay.text)).toEqual({ error: { code: 'unauthorized', reason: 'replayed' } });
  });

  it('sends bodies the contract accepts: the stand-in validates every one', async () => {
    rig = await pairedTill();
    const badRequest = pinnedRequest({
      url: new URL('/v1/sales', rig.server.url), pin: 'loopback', method: 'POST', body: '{"sales":[]}', timeoutMs: 5_000,
      headers: { authorization: authorizationHeader({ tillId: rig.tillId, privateKey: rig.key.privateKey, method: 'POST', pathWithQuery: '/v1/sales', body: '{"sales":[]}', now: Date.now() }) },
    });
    expect((await badRequest).status).toBe(400);
    // The client checks its own bodies before they leave.
    const before = rig.server.requests;
    await expect(rig.client.sales({ sales: [] })).rejects.toThrow(/too_small|>=1/);
    expect(rig.server.requests).toBe(before);
  });
});
