/**
 * A push the server acknowledges is on disk (issue 25). The shop server runs in its own process as the owner runs it
 * (`npm run server`), on embedded PGlite, under strace: every acknowledged push made an fsync/fdatasync of the WAL
 * before its answer; then the server is SIGKILLed and a power cut is simulated (test/support/power-cut.ts: the
 * folder rebuilt with only what was synced, since dirty pages cannot be dropped from this machine's page cache), and
 * every acknowledged sale is in the rebuilt folder. The control runs PGlite as it ships (fsync off): no sync, and
 * the same simulation loses the acknowledged sales, so the simulation does drop what was not synced.
 * On PostgreSQL the start output warns plainly when fsync / synchronous_commit are off.
 * Needs strace (Debian's strace package); skipped with that said when it is absent.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { imageAfterPowerCut, POWER_CUT_STRACE } from '../../support/power-cut';
import { callsBetween, epochSeconds, pairedTill, readSyncCalls, startServerProcess, straceAvailable } from '../../support/traced-server';
import { sale } from './samples';

const STRACE = straceAvailable();
if (!STRACE) console.warn('durability.test.ts: strace is not installed (apt-get install strace): the sync count and the power-cut simulation are skipped');

interface Run { acked: string[]; syncsPerPush: number[]; walSyncsPerPush: number[]; survived: string[]; lost: number }

async function pushThenPowerCut(dir: string, asShipped: boolean): Promise<Run> {
  const data = join(dir, 'data');
  const journal = join(dir, 'strace.txt');
  // The folder as a clean stop leaves it (PostgreSQL's shutdown checkpoint): the copy a power cut starts from.
  const first = await startServerProcess({ dataDir: data, asShipped });
  await first.stop();
  cpSync(join(data, 'pglite'), join(dir, 'base'), { recursive: true });

  const server = await startServerProcess({ dataDir: data, asShipped, straceFile: journal, straceArgs: POWER_CUT_STRACE });
  const acked: string[] = [];
  const windows: { from: number; to: number }[] = [];
  try {
    const till = await pairedTill(server.url, data);
    const pushes = [1, 1, 1, 1, 1, 40];
    for (const [p, size] of pushes.entries()) {
      const batch = Array.from({ length: size }, (_, i) => sale(`CORTE-${asShipped ? 'A' : 'D'}-${p}-${i}`));
      const from = epochSeconds();
      const answer = await till.call('POST', '/v1/sales', { sales: batch });
      windows.push({ from, to: epochSeconds() });
      expect(answer.status).toBe(200);
      expect(answer.body.stored).toBe(size);
      acked.push(...batch.map((s) => s.referenceCode));
    }
  } finally {
    await server.kill(); // no shutdown checkpoint, nothing flushed on the way out
  }

  const calls = readSyncCalls(journal);
  const syncsPerPush = windows.map((w) => callsBetween(calls, w.from, w.to).length);
  const walSyncsPerPush = windows.map((w) => callsBetween(calls, w.from, w.to).filter((c) => c.path.includes('/pg_wal/')).length);
  const image = join(dir, 'image');
  const { lost } = imageAfterPowerCut({ base: join(dir, 'base'), live: join(data, 'pglite'), journal, out: image });
  const db = await openPglite(image); // PostgreSQL's crash recovery replays the WAL that reached the disk
  try {
    const { rows } = await db.query<{ reference_code: string }>('SELECT reference_code FROM sales WHERE reference_code = ANY($1)', [acked]);
    return { acked, syncsPerPush, walSyncsPerPush, survived: rows.map((r) => r.reference_code), lost };
  } finally {
    await db.close();
  }
}

describe.skipIf(!STRACE)('a push the server acknowledges is on disk: embedded PGlite under strace, power cut simulated from the journal of synced writes', () => {
  let dir = '';
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-durability-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('as the server runs it: every acknowledged push synced the WAL before its answer, and every acknowledged sale survives the cut', async () => {
    const run = await pushThenPowerCut(join(dir, 'durable'), false);
    expect(run.walSyncsPerPush.every((n) => n >= 1), `WAL syncs per push: ${run.walSyncsPerPush.join(', ')}`).toBe(true);
    expect(run.survived.sort()).toEqual([...run.acked].sort());
  }, 240_000);

  it('control, PGlite as it ships (fsync off): no push syncs anything, and the same cut loses the acknowledged sales', async () => {
    const run = await pushThenPowerCut(join(dir, 'as-shipped'), true);
    expect(run.syncsPerPush.every((n) => n === 0), `syncs per push: ${run.syncsPerPush.join(', ')}`).toBe(true);
    expect(run.lost).toBeGreaterThan(0);
    expect(run.survived.length).toBeLessThan(run.acked.length);
  }, 240_000);
});

describe('the start output says whether commits reach the disk', () => {
  let dir = '';
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-durability-start-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('embedded PGlite: commits synced, no warning', async () => {
    const server = await startServerProcess({ dataDir: join(dir, 'pglite') });
    await server.stop();
    expect(server.output()).toMatch(/PostgreSQL integrado en .*; cada venta queda en el disco antes de responder a la caja/);
    expect(server.output()).not.toContain('ATENCIÓN');
  }, 120_000);

  describe.skipIf(postgresBinDir() === null)('PostgreSQL', () => {
    let cluster: PgCluster | null = null;
    beforeAll(async () => { cluster = await startPgCluster({ durable: false }); }, 120_000);
    afterAll(() => cluster?.stop(), 60_000);

    it('a cluster with fsync and synchronous_commit off: a plain warning naming them and what to do', async () => {
      const server = await startServerProcess({ dataDir: join(dir, 'pg'), databaseUrl: await cluster!.createDatabase('durability_off') });
      // The warning goes to stderr, the start line to stdout: two pipes, read in either order.
      for (let i = 0; i < 100 && !server.output().includes('ALTER SYSTEM SET fsync = on;'); i++) await new Promise((r) => setTimeout(r, 50));
      await server.stop();
      const output = server.output();
      expect(output).toContain('LAS VENTAS NO SE GUARDAN EN EL DISCO ANTES DE RESPONDER');
      expect(output).toMatch(/ATENCIÓN: este PostgreSQL funciona con fsync = off, synchronous_commit = off, full_page_writes = off: un corte de luz .* puede perder ventas que este servidor ya confirmó/);
      expect(output).toContain('ALTER SYSTEM SET fsync = on;');
    }, 120_000);
  });
});
