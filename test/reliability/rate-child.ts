/**
 * A till draining the backlog already in its data file, for the rate-budget runs: the store, the API client with
 * its rate journal and share (as `service-connection.ts` wires them) and the sync engine, at a scaled window.
 * Prints `SENT <requests> <429s>` as it goes and `DRAINED` at the end. The parent may SIGKILL it at any moment.
 * The client secret comes from the environment, never from argv.
 * With `--shop-url` (issue 28) the till is paired with a shop server and takes permits from the shop's one budget
 * (electron/core/shop/rate-permits.ts, as pos-app.ts wires them); its signing key comes from the environment
 * (MOSTRADOR_TILL_KEY, PKCS#8 PEM; the app keeps it in the keychain). With `--confirm` it also hands its waiting
 * documents to the server's confirmations and applies the outcomes the feed relays (confirm-watch.ts and the store's
 * feed applier, as pos-app.ts wires them), reading the feed with a long-poll as the shop link does.
 * With `--stream-rate R --stream-count N` it charges N sales itself, R per second of the scaled world, instead of
 * draining a backlog, and prints `SHOWN <ms>` for each (charge → validated known at the till) and, last,
 * `STREAM <json>` with its counts; `--stream-offset-ms` delays its first sale.
 */
import { createPrivateKey } from 'node:crypto';
import { createInvoicingApi } from '../../common/invoicing/invoicing-api';
import { createShopClient, type ShopClient } from '../../electron/core/shop/shop-client';
import { createConfirmWatch, type ConfirmWatch } from '../../electron/core/shop/confirm-watch';
import { applyRelayedOutcome } from '../../electron/core/shop/relayed-outcome';
import { sampleSale } from '../support/sample-sale';
import { createRatePermits, rateAccountKey, type RatePermits } from '../../electron/core/shop/rate-permits';
import { openStore } from '../../electron/core/store';
import { createSyncEngine, DEFAULT_POLL } from '../../electron/core/sync/sync-engine';

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
let shopClient: ShopClient | null = null;
if (shopUrl) {
  const client = createShopClient({
    baseUrl: shopUrl, pin: arg('shop-pin'), tillId: arg('till-id'), privateKey: createPrivateKey(process.env.MOSTRADOR_TILL_KEY ?? ''),
    retry: { attempts: 1 },
  });
  shopClient = client;
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
const confirm = process.argv.includes('--confirm') && shopClient !== null;
let watch: ConfirmWatch | null = null;
if (confirm && shopClient) {
  const client = shopClient;
  watch = createConfirmWatch({
    client: () => client, account: rateAccountKey(baseUrl, clientId), awaiting: () => store.listAwaitingValidation().filter((e) => e.remoteId !== null),
    now: Date.now, serverNow: Date.now, onModeChange: (mode) => process.stdout.write(`CONFIRM ${JSON.stringify(mode)}\n`),
    keepAliveMs: Math.max(1_000, 20 * second), retryMs: Math.max(500, 10 * second),
  });
}
/** When each sale was charged here and when its verdict was known here (performance.now()). */
const chargedAt = new Map<string, number>();
const shownAt = new Map<string, number>();
const shown = (referenceCode: string, state: string) => {
  if (state !== 'validated' || shownAt.has(referenceCode)) return;
  shownAt.set(referenceCode, performance.now());
  const at = chargedAt.get(referenceCode);
  if (at !== undefined) process.stdout.write(`SHOWN ${Math.round(performance.now() - at)}\n`);
};
store.setFeedDocumentApplier((outcome) => {
  const result = applyRelayedOutcome(store, outcome);
  if (result && 'release' in result) watch?.release(result.release);
  else if (result) shown(result.referenceCode, result.state);
});
const engine = createSyncEngine({
  store, api, concurrency: 4, ...(watch ? { delegate: watch } : {}),
  retry: { baseMs: 2 * second, capMs: 30 * second },
  // Draining a backlog: polls spaced for a drain (as before); a stream: the app's own poll tuning (DEFAULT_POLL).
  poll: process.argv.includes('--stream-rate') ? DEFAULT_POLL : { initialMs: 5 * second, maxMs: 30 * second, perPage: 100, maxLookups: 20 },
  probe: { baseMs: second, capMs: 10 * second },
  idleCheckMs: Math.max(20, second),
});
engine.subscribe((event) => {
  if (event.type === 'sale') shown(event.referenceCode, event.state);
});
engine.start();
process.stdout.write('READY\n');

// The feed, as the shop link reads it: a long-poll, each page applied in one transaction (outcomes included).
let feedRunning = confirm;
const feedStop = new AbortController();
const feed = (async () => {
  while (feedRunning && shopClient) {
    try {
      const page = await shopClient.changes(store.shopState().cursor, 5, feedStop.signal);
      if (!feedRunning) break;
      store.applyShopChanges(page);
    } catch {
      await new Promise((r) => setTimeout(r, Math.max(200, second)));
    }
  }
})();

const streamRate = Number(optional('stream-rate') ?? 0);
const streamCount = Number(optional('stream-count') ?? 0);
let charged = 0;
if (streamRate > 0 && streamCount > 0) {
  const seed = Number(optional('seed') ?? 0);
  const gap = second / streamRate;
  // A till's first sale this long after it starts (the tills' streams interleaved rather than together).
  const startedAt = performance.now() + Number(optional('stream-offset-ms') ?? 0);
  const charge = setInterval(() => {
    // As many as are due by now (a timer may fire late); never beyond the count.
    while (charged < streamCount && performance.now() - startedAt >= charged * gap) {
      const sale = store.recordSale(sampleSale(seed + charged));
      chargedAt.set(sale.referenceCode, performance.now());
      charged++;
      engine.kick();
    }
    if (charged >= streamCount) clearInterval(charge);
  }, Math.max(5, Math.floor(gap / 2)));
}

const monitor = setInterval(() => {
  const stats = api.stats();
  process.stdout.write(`SENT ${stats.requests} ${stats.http429}\n`);
  const c = store.counts();
  if (c.waiting + c.sending + c.queued === 0 && charged >= streamCount) {
    clearInterval(monitor);
    process.stdout.write(`DRAINED ${JSON.stringify(c)}\n`);
    if (streamCount > 0) process.stdout.write(`STREAM ${JSON.stringify({ charged, shown: shownAt.size, byKind: stats.byKind })}\n`);
    void engine.stop().then(async () => {
      feedRunning = false;
      feedStop.abort();
      await watch?.close();
      await api.close();
      await permits?.close();
      await Promise.race([feed, new Promise((r) => setTimeout(r, 6_000))]);
      store.close();
      process.exit(0);
    });
  }
}, 20);
