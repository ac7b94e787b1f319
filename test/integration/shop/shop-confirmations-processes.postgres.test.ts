/**
 * The shop's confirmations as the owner runs them (issue 28): two `npm run server` processes on one real PostgreSQL,
 * the sandbox as the invoicing service over HTTP, the owner's `service-account` commands in their own processes with
 * the secret on stdin and into the real keychain (scripts/with-keyring.sh). One process confirms; SIGKILLed, the
 * other takes over once its lease lapses; `show` never prints the secret and the database never holds it; `clear`
 * stops the server confirming.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateAccountKey } from '../../../common/invoicing/account-key';
import type { InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { resolveNumberingRange } from '../../../common/invoicing/range-selection';
import type { RunningSandbox } from '../../../sandbox/server';
import { keychainSecrets } from '../../../server/confirm/keychain';
import { CONFIRM_WATCH_PATH } from '../../../shared/shop/confirmations';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { ShopTill } from '../../support/shop-till';
import { clientFor, invoiceBody, startTestSandbox } from '../api/sandbox-control';
import { until } from './shop-test-rig';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SECRET = 'Secreto-De-Prueba-913';

function cli(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin!.end(stdin ?? '');
  });
}

describe.skipIf(postgresBinDir() === null)('confirmations at the server: two processes, the owner\'s commands, the real keychain', () => {
  let cluster: PgCluster | null = null;
  let url = '';
  let sandbox: RunningSandbox;
  let api: InvoicingApi;
  let rangeId = '';
  let a: ShopServerProcess;
  let b: ShopServerProcess;
  let db: pg.Client;
  let n = 0;

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster!.createDatabase('confirmations_processes');
    sandbox = await startTestSandbox({ validationDelayMs: 300, clientSecret: SECRET });
    api = clientFor(sandbox);
    const resolved = await resolveNumberingRange({ api, now: Date.now });
    if (!resolved.ok) throw new Error(resolved.message);
    rangeId = resolved.range.id;
    a = await startShopServerProcess({ databaseUrl: url });
    b = await startShopServerProcess({ databaseUrl: url });
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    await a?.dispose();
    await b?.dispose();
    await api?.close();
    await sandbox?.close();
    cluster?.stop();
  }, 60_000);

  async function queued(): Promise<{ referenceCode: string; documentId: string; queuedAt: number }> {
    const referenceCode = `PROC-${process.pid}-${++n}`;
    const doc = await api.createInvoice(invoiceBody(referenceCode, rangeId));
    return { referenceCode, documentId: doc.id, queuedAt: Date.now() };
  }
  const outcomes = async (till: ShopTill) => ((await till.call('GET', '/v1/changes?since=0')).body.changes as Array<{ kind: string; key: string; data: { status: string } }>)
    .filter((c) => c.kind === 'document');

  it('set, show: the secret from stdin into the keychain, never printed, never in the database', async () => {
    expect(await cli(['service-account', '--help'])).toMatchObject({ code: 0, stderr: '' });
    const empty = await cli(['service-account', 'set', '--service-url', sandbox.baseUrl, '--client-id', sandbox.clientId, '--data-dir', a.dataDir], '');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^servidor de la tienda: no llegó ningún secreto por la entrada estándar/);
    const badUrl = await cli(['service-account', 'set', '--service-url', 'ftp://x', '--client-id', 'fc_x', '--database-url', url], `${SECRET}\n`);
    expect(badUrl).toMatchObject({ code: 1 });
    expect(badUrl.stderr).toContain('--service-url debe ser la dirección del servicio de facturación');

    const set = await cli(['service-account', 'set', '--service-url', sandbox.baseUrl, '--client-id', sandbox.clientId, '--database-url', url], `${SECRET}\n`);
    expect(set, set.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toContain(`Credenciales guardadas: ${sandbox.clientId} en ${sandbox.baseUrl}`);
    const key = rateAccountKey(sandbox.baseUrl, sandbox.clientId);
    expect(await keychainSecrets().get(key)).toBe(SECRET);
    const show = await cli(['service-account', 'show', '--data-dir', a.dataDir]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Id de cliente: ${sandbox.clientId}`);
    expect(show.stdout).toContain('Estado: en uso');
    expect(show.stdout).toContain('Secreto: guardado en el llavero de este computador');
    for (const text of [set.stdout, set.stderr, show.stdout, show.stderr, a.output(), b.output()]) expect(text).not.toContain(SECRET);
    const { rows } = await db.query('SELECT row_to_json(s)::text AS row FROM service_account s');
    expect(rows).toHaveLength(1);
    expect(rows[0].row).not.toContain(SECRET);
    expect(rows[0].row).toContain(key);
  }, 120_000);

  it('one process confirms for the shop; SIGKILLed, the other takes over and the tills\' documents are still confirmed', async () => {
    const opened = await a.admin('POST', '/admin/pairing');
    const till = new ShopTill(a.url);
    expect((await till.pair(opened.body.code, { name: 'Caja 1' })).status).toBe(200);
    const account = rateAccountKey(sandbox.baseUrl, sandbox.clientId);
    const first = await queued();
    const watched = await till.call('POST', CONFIRM_WATCH_PATH, { account, documents: [first], settled: [] });
    expect(watched.body).toMatchObject({ confirming: true, reason: null, watching: 1 });
    await until('the first outcome', async () => (await outcomes(till)).length === 1, 30_000);
    const leader = async () => (await db.query<{ holder: string }>('SELECT holder FROM confirm_leader WHERE account_key = $1', [account])).rows[0]?.holder ?? '';
    const holder = await leader();
    const pidOf = (h: string) => Number(h.split(':')[1]);
    expect([a.pid(), b.pid()]).toContain(pidOf(holder));
    const [dead, alive] = pidOf(holder) === a.pid() ? [a, b] : [b, a];
    // What it learned of the service's timing is in the database (confirm_timing), for whichever process confirms next.
    const learned = (await db.query<{ samples: string; first_look_ms: string }>(
      'SELECT samples, first_look_ms FROM confirm_timing WHERE account_key = $1', [account])).rows[0];
    expect(Number(learned?.samples)).toBeGreaterThanOrEqual(1);
    expect(Number(learned?.first_look_ms)).toBeGreaterThan(0);
    await dead.kill();

    const tillAtAlive = till.at(alive.url);
    const next = await queued();
    expect((await tillAtAlive.call('POST', CONFIRM_WATCH_PATH, { account, documents: [next], settled: [] })).body).toMatchObject({ confirming: true });
    await until('the outcome confirmed by the other process', async () => (await outcomes(tillAtAlive)).length === 2, 30_000);
    expect((await outcomes(tillAtAlive)).map((o) => o.data.status)).toEqual(['VALIDATED', 'VALIDATED']);
    expect(pidOf(await leader())).toBe(alive.pid());

    // clear: the row and the keychain entry go; the tills are told the server does not confirm.
    const cleared = await cli(['service-account', 'clear', '--database-url', url]);
    expect(cleared, cleared.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(await keychainSecrets().get(account)).toBeNull();
    expect((await tillAtAlive.call('POST', CONFIRM_WATCH_PATH, { account, documents: [], settled: [] })).body).toMatchObject({ confirming: false, reason: 'no_credentials' });
    expect((await cli(['service-account', 'show', '--database-url', url])).stdout).toContain('no tiene credenciales');
  }, 180_000);
});
