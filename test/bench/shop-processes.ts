/**
 * bench:shop --part processes: one PostgreSQL, the shop server as one process and then as two (each `npm run
 * server` in its own process, docs/shop-server-several-processes.md). The tills are paired through the first and
 * spread over the processes (till i speaks to process i mod n).
 * - pushes: every till pushes `pushes` batches of `batch` sales at once with the others; pushes and sales per second.
 * - change → every till: every till long-polls its process; a product's price is saved through the last process
 *   (with two, a process other than that of half the tills); the time from the save until every till's poll has
 *   answered with the new price; p50, p95, max over `changes` changes, with random pauses between them.
 */
import { sale } from '../integration/server/samples';
import type { PgCluster } from '../support/pg-cluster';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { ShopTill } from '../support/shop-till';

const PRODUCT = {
  code: 'BENCH-PROC', name: 'Café molido 500 g', barcodes: [], unitMeasure: '94', price: 5000,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Despensa', active: true, quickKey: false, quickKeyOrder: null,
};

export interface ProcessesOptions { tills: number; pushes: number; batch: number; changes: number }

const ms = (value: number) => Math.round(value * 10) / 10;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function one(databaseUrl: string, processes: number, o: ProcessesOptions): Promise<Record<string, unknown>> {
  const servers: ShopServerProcess[] = [];
  let stop = false;
  const loops: Promise<void>[] = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await startShopServerProcess({ databaseUrl }));
    const first = servers[0]!;
    const last = servers.at(-1)!;
    const tills: ShopTill[] = [];
    for (let i = 0; i < o.tills; i++) {
      const opened = await first.admin('POST', '/admin/pairing');
      const till = new ShopTill(first.url);
      if ((await till.pair(opened.body.code, { name: `Caja ${i + 1}` })).status !== 200) throw new Error('pairing failed');
      tills.push(till.at(servers[i % processes]!.url));
    }

    // Pushes, every till at once.
    const template = sale('TEMPLATE');
    const pushStarted = performance.now();
    await Promise.all(tills.map(async (till, t) => {
      for (let p = 0; p < o.pushes; p++) {
        const sales = Array.from({ length: o.batch }, (_, i) => {
          const ref = `P${processes}-T${t}-${p * o.batch + i}`;
          return { ...template, referenceCode: ref, saleNumber: p * o.batch + i + 1, invoice: { ...template.invoice, reference_code: ref } };
        });
        const answer = await till.call('POST', '/v1/sales', { sales });
        if (answer.status !== 200 || answer.body.stored !== sales.length) throw new Error(`push refused: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    }));
    const pushSeconds = (performance.now() - pushStarted) / 1000;
    const pushCount = o.tills * o.pushes;

    // Change → every till.
    const saved = await last.admin('POST', '/admin/records', { kind: 'product', data: PRODUCT });
    if (saved.status !== 200) throw new Error(`the server refused the product: ${JSON.stringify(saved.body)}`);
    let expected = -1;
    let arrived: Array<(() => void) | null> = [];
    const cursors = new Array<number>(o.tills).fill(0);
    for (const [t, till] of tills.entries()) {
      for (let page = 0; page < 1000; page++) {
        const answer = await till.call('GET', `/v1/changes?since=${cursors[t]}`);
        cursors[t] = answer.body.cursor;
        if (!answer.body.more) break;
      }
      loops.push((async () => {
        for (let n = 0; !stop && n < 100_000; n++) {
          const answer = await till.call('GET', `/v1/changes?since=${cursors[t]}&wait=30`);
          if (answer.status !== 200) throw new Error(`poll refused: ${answer.status}`);
          cursors[t] = answer.body.cursor;
          const seen = answer.body.changes.find((c: { kind: string; key: string }) => c.kind === 'product' && c.key === PRODUCT.code);
          if (seen && seen.data.price === expected) arrived[t]?.();
        }
      })().catch((error: unknown) => {
        if (!stop) console.log(`a till's long-poll loop stopped: ${error instanceof Error ? error.message : String(error)}`);
      }));
    }
    await new Promise((r) => setTimeout(r, 500)); // every till in its long-poll
    const latencies: number[] = [];
    for (let n = 1; n <= o.changes; n++) {
      expected = 6000 + n;
      const all = Promise.all(tills.map((_, t) => new Promise<void>((resolve) => { arrived[t] = resolve; })));
      const started = performance.now();
      const answer = await last.admin('POST', '/admin/records', { kind: 'product', data: { ...PRODUCT, price: expected } });
      if (answer.status !== 200) throw new Error(`the server refused the change: ${JSON.stringify(answer.body)}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('a change did not reach every till in 35 s')), 35_000); })]);
      clearTimeout(timer);
      latencies.push(performance.now() - started);
      arrived = [];
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 300));
    }
    latencies.sort((a, b) => a - b);
    const result = {
      processes, tills: o.tills, pushes: pushCount, batch: o.batch, pushesPerSecond: Math.round(pushCount / pushSeconds),
      salesPerSecond: Math.round((pushCount * o.batch) / pushSeconds), changes: o.changes,
      changeP50Ms: ms(percentile(latencies, 50)), changeP95Ms: ms(percentile(latencies, 95)), changeMaxMs: ms(latencies.at(-1)!),
    };
    console.log(`processes=${processes}: ${o.tills} tills (${processes === 1 ? 'all at the one process' : 'spread over both'}): `
      + `${pushCount} pushes of ${o.batch} sales at once: ${result.pushesPerSecond} pushes/s (${result.salesPerSecond} sales/s); `
      + `${o.changes} price changes saved through process ${processes}, at every till after p50 ${result.changeP50Ms} ms, `
      + `p95 ${result.changeP95Ms} ms, max ${result.changeMaxMs} ms (target p95 ≤ 1 000 ms)`);
    return result;
  } finally {
    stop = true;
    for (const server of servers) await server.dispose(); // ends the parked polls
    await Promise.allSettled(loops);
  }
}

/** The same run against one process and against two, each on a database of its own in `cluster`. */
export async function benchProcesses(cluster: PgCluster, o: ProcessesOptions): Promise<Record<string, unknown>[]> {
  return [await one(await cluster.createDatabase('bench_one_process'), 1, o), await one(await cluster.createDatabase('bench_two_processes'), 2, o)];
}
