/**
 * Two shop-server processes (`npm run server`, each in its own process) on one real PostgreSQL: tills paired and
 * long-polling at one are woken by master data changed through the other; the back office's dashboard long-poll at
 * one is woken by a push to the other; and when the listening connection is terminated by PostgreSQL, it comes back
 * and the tills still get changes. A poll "woken" is one answered with the change before its own wait ran out (a
 * poll that only timed out would also read the change, but only at its end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { hashPin } from '../../../common/pin-hash';
import { LISTENER_NAME } from '../../../server/db/postgres';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { httpsPeek, ShopTill, type Answer } from '../../support/shop-till';
import { id32, sale } from '../server/samples';
import { PRODUCT } from './shop-test-rig';

const WAIT_S = 30; // the contract's longest wait: a till that is not woken is answered only after 30 s
const OWNER_PIN = '2468';

async function pairAt(server: ShopServerProcess, name: string): Promise<ShopTill> {
  const opened = await server.admin('POST', '/admin/pairing');
  expect(opened.status).toBe(200);
  const till = new ShopTill(server.url);
  const paired = await till.pair(opened.body.code, { name });
  expect(paired.status).toBe(200);
  return till;
}

/** A long-poll from `since`, and whether it was answered before its own wait ran out. */
async function poll(till: ShopTill, since: number): Promise<{ answer: Answer; woken: boolean }> {
  const started = Date.now();
  const answer = await till.call('GET', `/v1/changes?since=${since}&wait=${WAIT_S}`);
  return { answer, woken: Date.now() - started < (WAIT_S - 5) * 1000 };
}

async function cursorOf(till: ShopTill): Promise<number> {
  let since = 0;
  for (let page = 0; page < 100; page++) {
    const answer = await till.call('GET', `/v1/changes?since=${since}`);
    expect(answer.status).toBe(200);
    since = answer.body.cursor;
    if (!answer.body.more) return since;
  }
  throw new Error('the feed did not end in 100 pages');
}

/** Every till long-polls at its process; `change` is made meanwhile; each must be woken with the product at `price`. */
async function everyTillWoken(tills: ShopTill[], change: () => Promise<void>, price: number): Promise<void> {
  const cursors = await Promise.all(tills.map(cursorOf));
  const polls = tills.map((till, i) => poll(till, cursors[i]!));
  await new Promise((r) => setTimeout(r, 300)); // let the polls park (a poll not parked yet reads the change at once)
  await change();
  for (const { answer, woken } of await Promise.all(polls)) {
    expect(answer.status).toBe(200);
    const product = answer.body.changes.find((c: { kind: string; key: string }) => c.kind === 'product' && c.key === PRODUCT.code);
    expect(product?.data.price).toBe(price);
    expect(woken).toBe(true);
  }
}

describe.skipIf(postgresBinDir() === null)('two server processes on one PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  let url = '';
  let a: ShopServerProcess;
  let b: ShopServerProcess;
  const tills: ShopTill[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster!.createDatabase('several_processes');
    a = await startShopServerProcess({ databaseUrl: url });
    b = await startShopServerProcess({ databaseUrl: url });
    for (const name of ['Caja 1', 'Caja 2', 'Caja 3']) tills.push(await pairAt(a, name));
  }, 180_000);
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    cluster?.stop();
  }, 60_000);

  const saveProductAtB = (price: number) => async () => {
    const saved = await b.admin('POST', '/admin/records', { kind: 'product', data: { ...PRODUCT, price } });
    expect(saved.status).toBe(200);
  };

  it('a price changed through B reaches every till long-polling at A, and one changed at A reaches a till polling at B', async () => {
    await everyTillWoken(tills, saveProductAtB(1000), 1000);
    const atB = tills[0]!.at(b.url);
    await everyTillWoken([atB, tills[1]!], async () => {
      const saved = await a.admin('POST', '/admin/records', { kind: 'product', data: { ...PRODUCT, price: 1100 } });
      expect(saved.status).toBe(200);
    }, 1100);
  }, 120_000);

  it('the dashboard\'s long-poll at A is woken by a push to B, and both processes answer the same version', async () => {
    const owner = id32();
    const person = await b.admin('POST', '/admin/records', { kind: 'person', data: { key: owner, name: 'Marta', role: 'owner', pinHash: await hashPin(OWNER_PIN, { N: 1024, r: 8, p: 1 }), active: true } });
    expect(person.status).toBe(200);
    const session = await a.admin('POST', '/admin/back-office/session', { personKey: owner, pin: OWNER_PIN });
    expect(session.status).toBe(200);
    const dashboard = async (path: string) => (await fetch(`${a.url}${path}`, { headers: { Authorization: `Bearer ${session.body.token}` } })).json();
    const first = await dashboard('/v1/back-office/changes');
    const started = Date.now();
    const waiting = dashboard(`/v1/back-office/changes?since=${encodeURIComponent(first.version)}&wait=${WAIT_S}`);
    await new Promise((r) => setTimeout(r, 300));
    const pushed = await tills[1]!.at(b.url).call('POST', '/v1/sales', { sales: [sale('DOS-PROCESOS-1')] });
    expect(pushed.status).toBe(200);
    expect(pushed.body.stored).toBe(1);
    const woken = await waiting;
    expect(woken.changed).toBe(true);
    expect(Date.now() - started).toBeLessThan((WAIT_S - 5) * 1000); // woken, not answered at its wait's end
    expect(woken.version).not.toBe(first.version);
    // The version is the database's: A answers "unchanged" for it at once.
    expect(await dashboard(`/v1/back-office/changes?since=${encodeURIComponent(woken.version)}`)).toEqual({ version: woken.version, changed: false });
  }, 120_000);

  it('a second process started on a folder holding the first one\'s key and certificate shows the certificate the tills pinned', async () => {
    const first = await startShopServerProcess({ databaseUrl: url, tls: true });
    let second: ShopServerProcess | null = null;
    try {
      second = await startShopServerProcess({
        databaseUrl: url, tls: true,
        prepare: (dir) => { for (const f of ['server-key.pem', 'server-cert.pem']) copyFileSync(join(first.dataDir, f), join(dir, f)); },
      });
      const [one, two] = [await httpsPeek(`${first.url}/v1/health`), await httpsPeek(`${second.url}/v1/health`)];
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(two.fingerprint).toBe(one.fingerprint);
    } finally {
      await second?.dispose();
      await first.dispose();
    }
  }, 120_000);

  it('when PostgreSQL terminates A\'s listening connection, A listens again, wakes its tills to re-read, and they still get changes made through B', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listeners = async () => (await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [LISTENER_NAME])).rows.map((r) => r.pid);
      const before = await listeners();
      expect(before.length).toBe(2); // one per process
      // Tills parked at A while its listener is gone may miss a change: when it is back, every one is woken to re-read.
      const cursors = await Promise.all(tills.map(cursorOf));
      const parked = tills.map((till, i) => poll(till, cursors[i]!));
      await new Promise((r) => setTimeout(r, 300));
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
      for (const { answer, woken } of await Promise.all(parked)) {
        expect(answer.status).toBe(200);
        expect(woken).toBe(true);
      }
      // Both come back (pauses from 100 ms); bounded at 20 s.
      for (let i = 0; ; i++) {
        const now = await listeners();
        if (now.length === 2 && now.every((pid) => !before.includes(pid))) break;
        if (i > 200) throw new Error(`the listening connections did not come back: ${JSON.stringify(now)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(a.output()).toContain('conexión de avisos con PostgreSQL perdida');
      expect(a.output()).toContain('conexión de avisos con PostgreSQL de vuelta');
      await everyTillWoken(tills, saveProductAtB(1200), 1200);
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('one process SIGKILLed while three tills push: they carry on through the other, nothing lost, nothing twice', async () => {
    const killUrl = await cluster!.createDatabase('kill_one');
    const p = await startShopServerProcess({ databaseUrl: killUrl });
    const q = await startShopServerProcess({ databaseUrl: killUrl });
    const counter = new pg.Client({ connectionString: killUrl });
    await counter.connect();
    try {
      const pushers = [await pairAt(p, 'Caja 1'), await pairAt(p, 'Caja 2'), await pairAt(p, 'Caja 3')];
      const BATCHES = 60;
      const SIZE = 5;
      let acked = 0;
      const pushing = pushers.map(async (till, t) => {
        let at = till;
        for (let k = 0; k < BATCHES; k++) {
          const sales = Array.from({ length: SIZE }, (_, i) => sale(`KILL-T${t}-${k}-${i}`));
          for (let attempt = 0; ; attempt++) {
            if (attempt > 3) throw new Error(`till ${t}: batch ${k} refused 4 times`);
            const answer = await at.call('POST', '/v1/sales', { sales }).catch(() => null); // the process died under it
            if (answer?.status === 200) {
              acked += answer.body.stored;
              break;
            }
            at = till.at(q.url); // the till's other address
          }
        }
        return at.baseUrl;
      });
      const stored = async () => Number((await counter.query<{ n: string }>("SELECT count(*) AS n FROM sales WHERE reference_code LIKE 'KILL-%'")).rows[0]!.n);
      for (let i = 0; (await stored()) < (3 * BATCHES * SIZE) / 6; i++) {
        if (i > 600) throw new Error('the pushes did not start in 60 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      await p.kill();
      const endedAt = await Promise.all(pushing);
      expect(endedAt).toEqual([q.url, q.url, q.url]); // every till carried on through the other process
      const { rows } = await counter.query<{ n: string; distinct: string }>(
        "SELECT count(*) AS n, count(DISTINCT reference_code) AS distinct FROM sales WHERE reference_code LIKE 'KILL-%'");
      expect(Number(rows[0]!.n)).toBe(3 * BATCHES * SIZE); // nothing lost
      expect(Number(rows[0]!.distinct)).toBe(3 * BATCHES * SIZE);
      expect(acked).toBeLessThanOrEqual(3 * BATCHES * SIZE); // nothing stored twice (a batch retried after a lost answer: unchanged)
    } finally {
      await counter.end();
      await p.dispose();
      await q.dispose();
    }
  }, 180_000);

  it('PostgreSQL restarted: both processes listen again, and a change through B still reaches the tills at A', async () => {
    cluster!.restart();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (let i = 0; ; i++) {
        const { rows } = await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [LISTENER_NAME]);
        if (Number(rows[0]!.n) === 2) break;
        if (i > 300) throw new Error('the listening connections did not come back in 30 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await admin.end();
    }
    await everyTillWoken(tills, saveProductAtB(1400), 1400);
  }, 120_000);
});
