/**
 * `npm run bench:shop -- --part audit` (issue 25): what the tills' healing costs on a till with a year of sales.
 * The aged till (aged-till.ts: 200 000 sales over a year) is paired with the real shop server in its own process and
 * pushes every sale (as its link does); then rounds of the digest comparison (electron/core/shop/shop-audit.ts, what
 * the link runs after each reconnection and every 5 minutes):
 * - agreeing: nothing lost; requests, bytes, the till's time to read its digests, the server process's CPU per round;
 * - healing: 10 sales of 3 days deleted at the server, one set back a revision: the round that finds them (requests,
 *   bytes, sales pushed again) and the time until the server holds every sale again.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore, type Store } from '../../electron/core/store';
import { compareWithServer } from '../../electron/core/shop/shop-audit';
import { pairTill } from '../../electron/core/shop/pairing';
import { createShopClient, type ShopClient } from '../../electron/core/shop/shop-client';
import { memoryCredentials } from '../integration/shop/shop-test-rig';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { agedTill } from './aged-till';

/** The server process's CPU time so far (user + system, ms), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
const ms = (n: number): number => Number(n.toFixed(1));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function pushEverything(store: Store, client: ShopClient): Promise<number> {
  let pushed = 0;
  for (;;) {
    const due = store.dueSales(500);
    if (due.length === 0) return pushed;
    await client.sales({ sales: due.map((d) => d.sale) });
    store.markSalesPushed(due.map((d) => ({ saleId: d.saleId, revision: d.sale.revision })));
    pushed += due.length;
  }
}

export async function benchAudit(backend: 'postgresql' | 'pglite', databaseUrl: string | undefined, sales: number, rounds: number): Promise<Record<string, unknown>> {
  const source = await agedTill(sales, (line) => console.log(line));
  const folder = mkdtempSync(join(tmpdir(), 'mostrador-bench-audit-'));
  const file = join(folder, 'till.sqlite');
  copyFileSync(source, file);
  const store = openStore({ path: file });
  let server: ShopServerProcess | null = null;
  try {
    server = await startShopServerProcess(databaseUrl ? { databaseUrl } : {});
    const { body } = await server.admin('POST', '/admin/pairing');
    const paired = await pairTill({ store, credentials: memoryCredentials(), now: Date.now }, { serverUrl: server.url, code: String(body.code), tillName: 'Caja 1' });
    const client = createShopClient({
      baseUrl: paired.record.serverUrl, pin: paired.record.pin, tillId: paired.record.tillId, privateKey: paired.key.privateKey,
      timeouts: { requestMs: 120_000 },
    });
    const pushStarted = performance.now();
    const pushed = await pushEverything(store, client);
    const pushSeconds = (performance.now() - pushStarted) / 1000;
    const days = store.acknowledgedDays().length;

    const readMs: number[] = [];
    const roundMs: number[] = [];
    const serverCpu: number[] = [];
    let agreeing = null as Awaited<ReturnType<typeof compareWithServer>> | null;
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      store.acknowledgedDays();
      readMs.push(performance.now() - t0);
      const cpu0 = cpuMs(server.pid());
      const t1 = performance.now();
      agreeing = await compareWithServer(store, client);
      roundMs.push(performance.now() - t1);
      serverCpu.push(cpuMs(server.pid()) - cpu0);
    }
    if (!agreeing || agreeing.differingDays !== 0) throw new Error(`the server should agree after the push, got ${JSON.stringify(agreeing)}`);

    // A loss at the server: 10 sales of 3 days deleted, one more set back a revision.
    const victims = store.database().prepare<[], { reference_code: string }>(
      `SELECT reference_code FROM sales WHERE shop_pushed_revision > 0 AND created_at IN (
         SELECT created_at FROM sales WHERE shop_pushed_revision > 0 ORDER BY created_at DESC LIMIT 1 OFFSET 5000)
       UNION ALL SELECT reference_code FROM (SELECT reference_code FROM sales WHERE shop_pushed_revision > 0 ORDER BY id LIMIT 4 OFFSET 1000)
       UNION ALL SELECT reference_code FROM (SELECT reference_code FROM sales WHERE shop_pushed_revision > 0 ORDER BY id LIMIT 5 OFFSET 150000)`,
    ).all().map((r) => r.reference_code);
    const older = store.database().prepare<[], { reference_code: string }>(
      'SELECT reference_code FROM sales WHERE shop_pushed_revision > 1 ORDER BY id DESC LIMIT 1').get()?.reference_code;
    await atServer(server, databaseUrl, async (query) => {
      await query('DELETE FROM sale_lines WHERE reference_code = ANY($1::text[])', [victims]);
      await query('DELETE FROM sale_taxes WHERE reference_code = ANY($1::text[])', [victims]);
      await query('DELETE FROM sales WHERE reference_code = ANY($1::text[])', [victims]);
      if (older) await query('UPDATE sales SET revision = revision - 1 WHERE reference_code = $1', [older]);
    });
    const cpu0 = cpuMs(server.pid());
    const healStarted = performance.now();
    const finding = await compareWithServer(store, client);
    const findingMs = performance.now() - healStarted;
    const findingCpu = cpuMs(server.pid()) - cpu0;
    const resent = await pushEverything(store, client);
    const after = await compareWithServer(store, client);
    const healMs = performance.now() - healStarted;
    if (after.differingDays !== 0) throw new Error(`still differing after healing: ${JSON.stringify(after)}`);

    const result = {
      backend, sales, pushed, pushSeconds: ms(pushSeconds), days,
      agreeing: {
        requests: agreeing.requests, bytesSent: agreeing.bytesSent, bytesReceived: agreeing.bytesReceived,
        tillReadMsMedian: ms(median(readMs)), roundMsMedian: ms(median(roundMs)), serverCpuMsMedian: ms(median(serverCpu)),
      },
      healing: {
        lost: victims.length + (older ? 1 : 0), differingDays: finding.differingDays, pushedAgain: finding.pushedAgain, resent,
        requests: finding.requests, bytesSent: finding.bytesSent, bytesReceived: finding.bytesReceived,
        findMs: ms(findingMs), serverCpuMs: ms(findingCpu), untilHealedMs: ms(healMs),
      },
    };
    console.log(`audit (${backend}): a year of one till's sales (${sales} sales, ${days} days) pushed in ${result.pushSeconds} s; `
      + `an agreeing round: ${agreeing.requests} requests, ${agreeing.bytesSent} bytes sent, ${agreeing.bytesReceived} received, `
      + `till reads its digests in ${result.agreeing.tillReadMsMedian} ms, round ${result.agreeing.roundMsMedian} ms, server CPU ${result.agreeing.serverCpuMsMedian} ms (medians of ${rounds}); `
      + `after losing ${result.healing.lost} sales at the server: ${finding.differingDays} days differ, ${finding.pushedAgain} sales pushed again, `
      + `${finding.requests} requests, ${finding.bytesSent} bytes sent, ${finding.bytesReceived} received, found in ${result.healing.findMs} ms `
      + `(server CPU ${result.healing.serverCpuMs} ms), healed in ${result.healing.untilHealedMs} ms`);
    return result;
  } finally {
    store.close();
    await server?.dispose();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs statements on the server's database: PostgreSQL directly; the embedded store with the server stopped. */
async function atServer(server: ShopServerProcess, databaseUrl: string | undefined, work: (query: (sql: string, params: unknown[]) => Promise<unknown>) => Promise<void>): Promise<void> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await work((sql, params) => client.query(sql, params));
    } finally {
      await client.end();
    }
    return;
  }
  await server.stop();
  const { openStore: openServerStore } = await import('../../server/open-store');
  const db = await openServerStore({ pgliteDir: join(server.dataDir, 'pglite') });
  try {
    await work((sql, params) => db.query(sql, params));
  } finally {
    await db.close();
  }
  await server.start();
}
