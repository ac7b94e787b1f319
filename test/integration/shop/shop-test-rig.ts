/** A till's store, an in-memory keychain and a stand-in shop server, for the till-side shop tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../../electron/core/store';
import type { CredentialAccount, CredentialStore } from '../../../electron/core/secrets/credential-store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopClient, type ShopClient } from '../../../electron/core/shop/shop-client';
import type { TillKey } from '../../../electron/core/shop/till-key';
import { startStandInShopServer, type StandInOptions, type StandInShopServer } from '../../support/stand-in-shop-server';

export function memoryCredentials(): CredentialStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const name = (a: CredentialAccount) => `${a.clientId}@${a.baseUrl}`;
  return {
    entries,
    getClientSecret: async (a) => entries.get(name(a)) ?? null,
    setClientSecret: async (a, secret) => { entries.set(name(a), secret); },
    deleteClientSecret: async (a) => entries.delete(name(a)),
  };
}

export interface ShopRig {
  server: StandInShopServer;
  store: Store;
  path: string;
  credentials: ReturnType<typeof memoryCredentials>;
  key: TillKey;
  client: ShopClient;
  tillId: string;
  reopen(): Store;
  close(): Promise<void>;
}

/** A till paired with a fresh stand-in server (plain HTTP on 127.0.0.1 unless `tls` is given). */
export async function pairedTill(opts: StandInOptions = {}): Promise<ShopRig> {
  const server = await startStandInShopServer(opts);
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-shop-'));
  const path = join(dir, 'till.sqlite');
  let store = openStore({ path });
  const credentials = memoryCredentials();
  const { record, key } = await pairTill({ store, credentials, now: Date.now }, { serverUrl: server.url, code: server.openPairing(), tillName: 'Caja 1' });
  const client = createShopClient({ baseUrl: record.serverUrl, pin: record.pin, tillId: record.tillId, privateKey: key.privateKey, retry: { attempts: 1 } });
  return {
    server, get store() { return store; }, path, credentials, key, client, tillId: record.tillId,
    reopen() {
      store.close();
      store = openStore({ path });
      return store;
    },
    async close() {
      store.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits for `check` (sync or async) to hold, bounded by `timeoutMs`; polls every 20 ms. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const PRODUCT = {
  code: 'CAFE-500', name: 'Café molido 500 g', barcodes: ['7701234567890'], unitMeasure: '94', price: 15882.35,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Despensa', active: true, quickKey: false, quickKeyOrder: null,
};
