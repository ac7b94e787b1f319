/**
 * The shop server's own copies (issue 25): one verified copy into the owner's folder, then the till's rotation
 * (shared/backup-rotation.ts: 7 daily, 4 weekly, 12 monthly). A copy is written under a name no good copy can have
 * (`.partial-…`), verified, and only then linked to its final name (a link never replaces an existing file: a good
 * copy is never overwritten); a copy that fails is deleted and the failure said plainly. Beside each copy, `NAME.json`
 * says what it holds (the counts of its restored copy), for `npm run server -- backups` and for the restore's check.
 *
 *   shop-2025-03-14-030000.tar.gz   the embedded store (PGlite's data folder, loadable by PGlite)
 *   shop-2025-03-14-030000.pgdump   a PostgreSQL of the shop's own (pg_dump's custom format)
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, link, open, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_ROTATION, planCopyRotation, type DatedCopy, type RotationPolicy } from '../../shared/backup-rotation';
import type { Database } from '../db/adapter';
import { gzipIsWhole } from '../dump/pglite-dump';
import { DEFAULT_PG_TOOLS, dumpPostgres, verifyPostgresDump, type PgTools } from '../dump/postgres-dump';
import { COUNTED_TABLES, countShop, DumpRefused, type ShopCounts } from '../dump/shop-counts';
import { copyPgliteOnline } from './pglite-online-copy';

export type CopyStore = 'pglite' | 'postgresql';
const SUFFIX: Record<CopyStore, string> = { pglite: '.tar.gz', postgresql: '.pgdump' };
const GOOD_NAME = /^shop-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})\.(tar\.gz|pgdump)$/;

export interface ServerCopyName extends DatedCopy {
  store: CopyStore;
  /** The copy's local time, from its name. */
  at: number;
}

const two = (n: number): string => String(n).padStart(2, '0');

export function serverCopyName(ms: number, store: CopyStore): string {
  const d = new Date(ms);
  return `shop-${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}${SUFFIX[store]}`;
}

export function parseServerCopyName(file: string): ServerCopyName | null {
  const m = GOOD_NAME.exec(file);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ext] = m as unknown as [string, string, string, string, string, string, string, string];
  return {
    file, day: `${y}-${mo}-${d}`, stamp: `${y}-${mo}-${d}-${h}${mi}${s}`, store: ext === 'pgdump' ? 'postgresql' : 'pglite',
    at: new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)).getTime(),
  };
}

/** What `NAME.json` says of a copy. */
export interface CopyRecord {
  takenAt: number;
  store: CopyStore;
  bytes: number;
  /** The rows of the restored copy (what a restore of it must hold). */
  counts: ShopCounts;
  /** The shop's counts when the copy started and ended (a copy of a running embedded store lies between them). */
  source: { before: ShopCounts; after: ShopCounts };
  /** The shop's id, so a restore can say which shop a copy is of. */
  shopId: string;
}

export interface ListedCopy extends ServerCopyName {
  path: string;
  bytes: number;
  record: CopyRecord | null;
}

export class BackupFailed extends Error {}

export type CopySource =
  | { kind: 'pglite'; db: Database; pgliteDir: string }
  | { kind: 'postgresql'; db: Database; databaseUrl: string; tools?: PgTools };

export interface TakeCopyOptions {
  source: CopySource;
  folder: string;
  now: () => number;
  policy?: RotationPolicy;
  /** Tests only: runs on the written copy before it is verified (to damage it and see it refused). */
  beforeVerify?: (partialPath: string) => Promise<void>;
}

export interface TakenCopy {
  file: string;
  path: string;
  record: CopyRecord;
  /** Milliseconds the whole copy took, and how long the embedded store was held (0 on PostgreSQL). */
  ms: number;
  heldMs: number;
  removed: string[];
}

/** Lists the good copies in `folder`, newest first (copies whose `.json` is missing or unreadable say so: `record` null). */
export async function listServerCopies(folder: string): Promise<ListedCopy[]> {
  const names = await readdir(folder);
  const copies = names.map(parseServerCopyName).filter((c): c is ServerCopyName => c !== null)
    .sort((a, b) => b.stamp.localeCompare(a.stamp) || a.file.localeCompare(b.file));
  const out: ListedCopy[] = [];
  for (const c of copies) {
    const path = join(folder, c.file);
    const bytes = await stat(path).then((s) => s.size, () => 0);
    out.push({ ...c, path, bytes, record: await readCopyRecord(path) });
  }
  return out;
}

export async function readCopyRecord(copyPath: string): Promise<CopyRecord | null> {
  try {
    const record = JSON.parse(await readFile(`${copyPath}.json`, 'utf8')) as CopyRecord;
    const counts = record?.counts as Record<string, unknown> | undefined;
    return counts && COUNTED_TABLES.every((t) => Number.isInteger(counts[t])) ? record : null;
  } catch {
    return null;
  }
}

/** One verified copy of the shop into `folder`, then rotation. Throws BackupFailed (nothing left behind) when it fails. */
export async function takeServerCopy(opts: TakeCopyOptions): Promise<TakenCopy> {
  const { source, folder, now } = opts;
  const started = performance.now();
  if (!existsSync(folder)) throw new BackupFailed(`la carpeta de copias ${folder} no existe (¿está conectado su disco?)`);
  await removeLeftovers(folder);
  const takenAt = now();
  const file = serverCopyName(takenAt, source.kind);
  const path = join(folder, file);
  if (existsSync(path)) throw new BackupFailed(`ya hay una copia llamada ${file}; se conserva, y esta vez no se tomó ninguna`);
  const partial = join(folder, `.partial-${file}.${randomBytes(4).toString('hex')}`);
  let heldMs = 0;
  try {
    const shopId = (await source.db.query<{ id: string }>('SELECT id FROM shop')).rows[0]?.id ?? '';
    let before: ShopCounts;
    let after: ShopCounts;
    let counts: ShopCounts;
    if (source.kind === 'pglite') {
      before = await countShop(source.db);
      heldMs = (await copyPgliteOnline(source.db, source.pgliteDir, partial)).heldMs;
      after = await countShop(source.db);
      await opts.beforeVerify?.(partial);
      counts = await countPgliteCopy(partial);
      assertBetween(before, after, counts);
    } else {
      const tools = source.tools ?? DEFAULT_PG_TOOLS;
      await writeFile(partial, '', { mode: 0o600, flag: 'wx' }); // pg_dump writes into it, keeping its mode
      before = await dumpPostgres(source.databaseUrl, partial, tools);
      after = before;
      await opts.beforeVerify?.(partial);
      counts = await verifyPostgresDump(partial, before, source.databaseUrl, tools);
    }
    await chmod(partial, 0o600);
    const bytes = (await stat(partial)).size;
    const record: CopyRecord = { takenAt, store: source.kind, bytes, counts, source: { before, after }, shopId };
    await syncFile(partial);
    await writeFile(`${partial}.json`, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    await syncFile(`${partial}.json`);
    await link(partial, path).catch((error: NodeJS.ErrnoException) => {
      throw new BackupFailed(error.code === 'EEXIST' ? `ya hay una copia llamada ${file}; se conserva` : `la copia no se pudo llamar ${file}: ${error.message}`);
    });
    await rm(`${path}.json`, { force: true });
    await link(`${partial}.json`, `${path}.json`);
    await unlink(partial);
    await unlink(`${partial}.json`);
    await syncFile(folder);
    const removed = await rotate(folder, opts.policy ?? DEFAULT_ROTATION);
    return { file, path, record, ms: Math.round(performance.now() - started), heldMs, removed };
  } catch (error) {
    await rm(partial, { force: true });
    await rm(`${partial}.json`, { force: true });
    if (error instanceof BackupFailed) throw error;
    throw new BackupFailed(error instanceof Error ? error.message : String(error));
  }
}

/** Deletes what rotation no longer keeps (each copy with its `.json`); returns their names. */
export async function rotate(folder: string, policy: RotationPolicy = DEFAULT_ROTATION): Promise<string[]> {
  const copies = (await readdir(folder)).map(parseServerCopyName).filter((c): c is ServerCopyName => c !== null);
  const { remove } = planCopyRotation(copies, policy);
  for (const file of remove) {
    await rm(join(folder, file), { force: true });
    await rm(join(folder, `${file}.json`), { force: true });
  }
  return remove;
}

async function removeLeftovers(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    if (name.startsWith('.partial-shop-')) await rm(join(folder, name), { force: true });
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A copy of the embedded store, loaded and counted: the gzip read whole first, then PGlite's load and WAL replay
 * on a worker thread (load-copy-worker.ts), so the server's thread keeps answering tills meanwhile.
 */
export async function countPgliteCopy(file: string): Promise<ShopCounts> {
  try {
    await gzipIsWhole(file);
  } catch (error) {
    throw new DumpRefused(`the copy does not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = await new Promise<{ ok: true; counts: ShopCounts } | { ok: false; message: string }>((resolve, reject) => {
    const worker = new Worker(new URL('./load-copy-worker.ts', import.meta.url), { workerData: { file, tables: [...COUNTED_TABLES] } });
    worker.once('message', (m: { ok: true; counts: ShopCounts } | { ok: false; message: string }) => { resolve(m); void worker.terminate(); });
    worker.once('error', reject);
    worker.once('exit', (code) => resolve({ ok: false, message: `the loading thread stopped (exit ${code})` }));
  });
  if (!answer.ok) throw new DumpRefused(`the copy does not load: ${answer.message}`);
  return answer.counts;
}

/** The copy of a running store holds, per table, between what the shop held when the copy started and when it ended. */
function assertBetween(before: ShopCounts, after: ShopCounts, copy: ShopCounts): void {
  const differ = COUNTED_TABLES.filter((t) => copy[t] < Math.min(before[t], after[t]) || copy[t] > Math.max(before[t], after[t]))
    .map((t) => `${t}: ${before[t]}…${after[t]} in the shop, ${copy[t]} in the copy`);
  if (differ.length > 0) throw new DumpRefused(`the restored copy does not hold what the shop held (${differ.join('; ')})`);
}
