/**
 * The core as a till runs it, for the crash test: rings up sales until the store holds `--total`, sending them
 * through the sync engine, and prints `ACK <reference>` once each sale is durable. The parent SIGKILLs it at
 * random moments and starts it again. The client secret comes from the environment, never from argv.
 */
import { createInvoicingApi } from '../../common/invoicing/invoicing-api';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { sampleSale } from '../support/sample-sale';

function arg(name: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) throw new Error(`missing --${name}`);
  return value;
}

const total = Number(arg('total'));
const intervalMs = Number(arg('interval-ms'));
const store = openStore({ path: arg('db') });
const api = createInvoicingApi({
  baseUrl: arg('base-url'),
  clientId: arg('client-id'),
  getClientSecret: async () => process.env.MOSTRADOR_CLIENT_SECRET ?? '',
  // The harness's sandbox allows 100 000 a minute; the rate budget has tests of its own (rate-budget.test.ts).
  rateLimit: { limit: 100_000, windowMs: 60_000 },
  retry: { maxAttempts: 3, baseMs: 20, capMs: 200, maxElapsedMs: 2_000 },
  timeouts: { connectMs: 1_000, totalMs: 3_000 },
});
const engine = createSyncEngine({
  store, api,
  retry: { baseMs: 50, capMs: 300 },
  poll: { initialMs: 50, maxMs: 300, perPage: 100, maxLookups: 20 },
  probe: { baseMs: 50, capMs: 300 },
  idleCheckMs: 50,
});
engine.start();
process.stdout.write('READY\n');

let recorded = Object.values(store.counts()).reduce((sum, n) => sum + n, 0);
const ring = setInterval(() => {
  if (recorded >= total) {
    clearInterval(ring);
    return;
  }
  const sale = store.recordSale(sampleSale(recorded));
  recorded++;
  process.stdout.write(`ACK ${sale.referenceCode}\n`);
  engine.kick();
}, intervalMs);

const watch = setInterval(() => {
  const c = store.counts();
  if (recorded >= total && c.waiting === 0 && c.sending === 0 && c.queued === 0) {
    clearInterval(watch);
    process.stdout.write(`DRAINED ${JSON.stringify(c)}\n`);
    void engine.stop().then(async () => {
      await api.close();
      store.close();
      process.exit(0);
    });
  }
}, 20);
