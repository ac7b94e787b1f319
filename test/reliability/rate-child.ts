/**
 * A till draining the backlog already in its data file, for the rate-budget runs: the store, the API client with
 * its rate journal and share (as `service-connection.ts` wires them) and the sync engine, at a scaled window.
 * Prints `SENT <requests> <429s>` as it goes and `DRAINED` at the end. The parent may SIGKILL it at any moment.
 * The client secret comes from the environment, never from argv.
 * With `--shop-url` (issue 28) the till is paired with a shop server and takes permits from the shop's one budget
 * (electron/core/shop/rate-permits.ts, as pos-app.ts wires them); its signing key comes from the environment
 * (MOSTRADOR_TILL_KEY, PKCS#8 PEM; the app keeps it in the keychain).
 */
import { createPrivateKey } from 'node:crypto';
import { createInvoicingApi } from '../../common/invoicing/invoicing-api';
import { createShopClient } from '../../electron/core/shop/shop-client';
import { createRatePermits, rateAccountKey, type RatePermits } from '../../electron/core/shop/rate-permits';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';

function optional(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function arg(name: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) throw new Error(`missing --${name}`);
  return value;
}

const windowMs = Number(arg('window-ms'));
const second = windowMs / 60; // one second of the scaled world
const baseUrl = arg('base-url');
const clientId = arg('client-id');
const store = openStore({ path: arg('db') });
const shopUrl = optional('shop-url');
let permits: RatePermits | null = null;
if (shopUrl) {
  const client = createShopClient({
    baseUrl: shopUrl, pin: arg('shop-pin'), tillId: arg('till-id'), privateKey: createPrivateKey(process.env.MOSTRADOR_TILL_KEY ?? ''),
    retry: { attempts: 1 },
  });
  permits = createRatePermits({
    client: () => client, account: rateAccountKey(baseUrl, clientId), limit: Number(arg('limit')), windowMs,
    now: Date.now, serverNow: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), settingShare: () => Number(arg('share')),
    onModeChange: (mode) => process.stdout.write(`MODE ${JSON.stringify(mode)}\n`),
  });
}
const api = createInvoicingApi({
  baseUrl, clientId,
  getClientSecret: async () => process.env.MOSTRADOR_CLIENT_SECRET ?? '',
  rateLimit: { limit: Number(arg('limit')), windowMs },
  rateShare: permits ? () => permits!.ownShare() : () => Number(arg('share')),
  ...(permits ? { permits } : {}),
  rateJournal: store.rateJournal(`${baseUrl}|${clientId}`),
  retry: { maxAttempts: 4, baseMs: 20, capMs: 200, maxElapsedMs: 30 * second },
  timeouts: { connectMs: 1_000, totalMs: 3_000 },
});
const engine = createSyncEngine({
  store, api, concurrency: 4,
  retry: { baseMs: 2 * second, capMs: 30 * second },
  poll: { initialMs: 5 * second, maxMs: 30 * second, perPage: 100, maxLookups: 20 },
  probe: { baseMs: second, capMs: 10 * second },
  idleCheckMs: Math.max(20, second),
});
engine.start();
process.stdout.write('READY\n');

const watch = setInterval(() => {
  const stats = api.stats();
  process.stdout.write(`SENT ${stats.requests} ${stats.http429}\n`);
  const c = store.counts();
  if (c.waiting + c.sending + c.queued === 0) {
    clearInterval(watch);
    process.stdout.write(`DRAINED ${JSON.stringify(c)}\n`);
    void engine.stop().then(async () => {
      await api.close();
      await permits?.close();
      store.close();
      process.exit(0);
    });
  }
}, 20);
