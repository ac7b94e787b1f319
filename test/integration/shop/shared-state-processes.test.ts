/**
 * What a restart or a second server process must know lives in the database (issue 27): real `npm run server`
 * processes (test/support/shop-server-process.ts) on a real PostgreSQL cluster and on embedded PGlite, the owner's
 * real `pair` command, the composed till (real SQLite, real keychain) pairing over real HTTPS through the bridge.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../../common/pin-hash';
import { esShop } from '../../../renderer/i18n/es-shop';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { proofFor, ShopTill } from '../../support/shop-till';
import { startAppRig, type AppRig } from '../app/app-rig';
import { id32 } from '../server/samples';

const SHOP = { client: { retry: { attempts: 1 } }, pollWaitSeconds: 1, idleMs: 100, backoff: { baseMs: 50, maxMs: 200 } };
const available = postgresBinDir() !== null;
const OWNER_PIN = '2468';

let cluster: PgCluster | null = null;
let databases = 0;
const processes: ShopServerProcess[] = [];
const rigs: AppRig[] = [];

beforeAll(async () => { if (available) cluster = await startPgCluster(); }, 120_000);
afterAll(() => cluster?.stop(), 60_000);
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  for (const p of processes.splice(0)) await p.dispose();
}, 60_000);

async function serverProcess(opts: Parameters<typeof startShopServerProcess>[0]): Promise<ShopServerProcess> {
  const p = await startShopServerProcess(opts);
  processes.push(p);
  return p;
}

async function appRig(): Promise<AppRig> {
  const rig = await startAppRig(undefined, { shop: SHOP });
  rigs.push(rig);
  return rig;
}

const newDatabase = () => cluster!.createDatabase(`shared_state_${process.pid}_${++databases}`);

describe.skipIf(!available)('two server processes on one PostgreSQL', () => {
  it('with the shop\'s one certificate: a code the owner opens at process A pairs the till at process B, once; a code opened at B still pairs at A after B is SIGKILLed', async () => {
    const databaseUrl = await newDatabase();
    const a = await serverProcess({ databaseUrl, tls: true });
    const b = await serverProcess({ databaseUrl, tls: true, certFrom: a.dataDir });
    const code = await a.pairWithCli();
    const first = await appRig();
    const paired = await first.value('shopServer.pair', { address: b.address, code, seedShop: true });
    expect(paired).toMatchObject({ paired: true, serverUrl: b.url, tillNumber: 1 });
    // Used: refused at A as at B.
    const again = await appRig();
    expect(await again.call('shopServer.pair', { address: a.address, code })).toMatchObject({ ok: false, error: { reason: 'SHOP_BAD_CODE' } });

    const fromB = await b.pairWithCli();
    await b.kill();
    expect(await again.value('shopServer.pair', { address: a.address, code: fromB })).toMatchObject({ paired: true, serverUrl: a.url, tillNumber: 2 });
    expect((await a.admin('GET', '/admin/tills')).body.tills.map((t: { number: number }) => t.number)).toEqual([1, 2]);
  }, 180_000);

  it('wrong proofs from twelve addresses sent at once to both processes: never more than 10 checked in any minute, and each refusal past it is 429', async () => {
    const databaseUrl = await newDatabase();
    const a = await serverProcess({ databaseUrl });
    const b = await serverProcess({ databaseUrl });
    const sends = [];
    for (let round = 0; round < 3; round++) {
      for (let n = 2; n < 14; n++) {
        const till = new ShopTill((n + round) % 2 === 0 ? a.url : b.url, { from: `127.0.0.${n}` });
        sends.push(till.raw('POST', '/v1/pair', JSON.stringify({ publicKey: till.publicKey, proof: proofFor('0000000000', 'loopback', till.publicKey) })));
      }
    }
    const statuses = (await Promise.all(sends)).map((answer) => answer.status);
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
    // Every proof checked left its row; whatever the time the burst took, no 60 s window holds more than 10.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ at: string }>('SELECT at FROM pairing_attempts ORDER BY at');
      const times = rows.map((r) => Number(r.at));
      expect(times.length).toBe(statuses.filter((status) => status === 403).length);
      const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 60_000).length));
      expect(busiest).toBeLessThanOrEqual(10);
      expect(busiest).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('a till that typed three wrong codes is told in Spanish how long to wait, while another till pairs through the other process', async () => {
    const databaseUrl = await newDatabase();
    const a = await serverProcess({ databaseUrl });
    const b = await serverProcess({ databaseUrl });
    const rig = await appRig();
    for (let i = 0; i < 3; i++) {
      expect(await rig.call('shopServer.pair', { address: a.url, code: 'AAAAA-BBBBB' })).toMatchObject({ ok: false, error: { reason: 'SHOP_BAD_CODE' } });
    }
    const code = await a.pairWithCli();
    const refused = await rig.call('shopServer.pair', { address: b.url, code });
    expect(refused).toMatchObject({ ok: false, error: { reason: 'SHOP_TOO_MANY_HERE', retryAfterSeconds: expect.any(Number) } });
    const seconds = refused.ok ? 0 : refused.error.retryAfterSeconds!;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(esShop.shopTooMany(seconds, true)).toMatch(/^Se escribieron demasiados códigos equivocados desde esta caja\. Espere (\d+ segundos?|1 minuto) e intente de nuevo\.$/);
    // The same code from another address (another till of the shop) is not held back by this one.
    const other = new ShopTill(b.url, { from: '127.0.0.2' });
    expect((await other.pair(code)).status).toBe(200);
  }, 180_000);
});

describe.each([
  ['embedded PGlite', false],
  ['PostgreSQL', true],
] as const)('a restarted server process (%s)', (_name, onPostgres) => {
  it.skipIf(onPostgres && !available)('keeps an unexpired pairing code and an open back-office session', async () => {
    const p = await serverProcess(onPostgres ? { databaseUrl: await newDatabase() } : {});
    const till = new ShopTill(p.url);
    expect((await till.pair(await p.pairWithCli())).status).toBe(200);
    const owner = { key: id32(), name: 'Marta', role: 'owner', pinHash: await hashPin(OWNER_PIN, { N: 1024, r: 8, p: 1 }), active: true };
    const upload = await till.call('POST', '/v1/shop/upload', { shopName: 'Tienda', uploadId: id32(), products: [], customers: [], people: [owner], settings: [], last: true });
    expect(upload.status).toBe(200);
    const session = await till.call('POST', '/v1/back-office/session', { personKey: owner.key, pin: OWNER_PIN });
    expect(session.status).toBe(200);
    const code = await p.pairWithCli();

    await p.stop();
    await p.start();

    const dashboard = await till.raw('GET', '/v1/back-office/dashboard', undefined, { Authorization: `Bearer ${session.body.token}` });
    expect(dashboard.status).toBe(200);
    const next = new ShopTill(p.url);
    expect((await next.pair(code)).body).toMatchObject({ tillNumber: 2 });
  }, 180_000);
});
