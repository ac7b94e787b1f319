/**
 * A till draining the backlog already in its data file, for the rate-budget runs: the store, the API client with
 * its rate journal and share (as `service-connection.ts` wires them) and the sync engine, at a scaled window.
 * Prints `SENT <requests> <429s>` as it goes and `DRAINED` at the end. The parent may SIGKILL it at any moment.
 * The client secret comes from the environment, never from argv.
 */
import { createInvoicingApi } from '../../electron/core/api/invoicing-api';
import { openStore } from '../../electron/core/store';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';

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
const api = createInvoicingApi({
  baseUrl, clientId,
  getClientSecret: async () => process.env.MOSTRADOR_CLIENT_SECRET ?? '',
  rateLimit: { limit: Number(arg('limit')), windowMs },
  rateShare: () => Number(arg('share')),
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
      store.close();
      process.exit(0);
    });
  }
}, 20);
