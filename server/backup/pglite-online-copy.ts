/**
 * A copy of the embedded store taken while tills keep pushing: PostgreSQL's own online backup, done by hand on the
 * data folder PGlite keeps on disk.
 *
 * PGlite's `dumpDataDir` holds PGlite's only connection for the whole dump and builds the tarball on the main
 * thread, so every push waits for it (2.4 s for a 107 MB store on this machine). Instead:
 *   1. `pg_backup_start(fast)`: a checkpoint (a short hold), and full-page writes from then on;
 *   2. the folder's files are read with Node's asynchronous file reads into a gzipped tarball, while PGlite keeps
 *      answering (files may change under the copy: that is what the WAL replay below repairs);
 *   3. `pg_backup_stop()`: its `backup_label` goes into the tarball, and then the WAL segments from the backup's
 *      start to its end, read after the stop so they hold every record the copy needs.
 * Loaded (PGlite's `loadDataDir`), the copy starts by replaying that WAL from the backup's checkpoint, like a
 * `pg_basebackup` does: a consistent store as of a moment between the start and the end of the copy. The format
 * is the same gzipped tarball as PGlite's own dump (`npm run shop:dump`), so both restore the same way.
 *
 * Needs `wal_level = replica` (server/db/pglite.ts starts PGlite with it).
 */
import { createWriteStream } from 'node:fs';
import { open, readdir, readFile, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/adapter';
import { DumpRefused } from '../dump/shop-counts';

/** Folders whose contents a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup"). */
const EMPTY_IN_COPY = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map']);

export interface OnlineCopy {
  /** Bytes of the gzipped tarball. */
  bytes: number;
  /** Milliseconds PGlite was held (the two backup calls), the rest of the copy ran beside the pushes. */
  heldMs: number;
}

/** Writes a gzipped tarball of the running store in `pgliteDir` to `out` (mode 600). */
export async function copyPgliteOnline(db: Database, pgliteDir: string, out: string): Promise<OnlineCopy> {
  if (db.kind !== 'pglite') throw new DumpRefused('this store is not the embedded one');
  const level = await db.query<{ wal_level: string }>('SHOW wal_level');
  if (level.rows[0]?.wal_level === 'minimal') throw new DumpRefused('the embedded store runs with wal_level = minimal; it cannot be copied while it runs');
  let held = 0;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try { return await work(); } finally { held += performance.now() - started; }
  };
  await timed(() => db.query("SELECT pg_backup_start('mostrador scheduled copy', true)"));
  let stopped = false;
  const stop = async () => {
    stopped = true;
    return timed(() => db.query<{ lsn: string; labelfile: string; walfile: string }>(
      'SELECT lsn::text AS lsn, labelfile, pg_walfile_name(lsn) AS walfile FROM pg_backup_stop(false)'));
  };
  try {
    const tar = new TarWriter();
    const gzip = createGzip({ level: 6 });
    const file = createWriteStream(out, { mode: 0o600, flags: 'wx' });
    const done = pipeline(Readable.from(tar.chunks()), gzip, file);
    try {
      await addTree(tar, pgliteDir, '');
      const { rows } = await stop();
      const label = rows[0]!.labelfile;
      const start = /\(file ([0-9A-F]{24})\)/.exec(label)?.[1];
      const end = rows[0]!.walfile;
      if (!start) throw new DumpRefused('the backup label names no WAL file');
      await tar.file('backup_label', Buffer.from(label));
      const wal = (await readdir(join(pgliteDir, 'pg_wal'))).filter((n) => /^[0-9A-F]{24}$/.test(n) && n >= start && n <= end).sort();
      if (!wal.includes(start) || !wal.includes(end)) throw new DumpRefused(`the WAL from ${start} to ${end} is not all in pg_wal; try again`);
      for (const segment of wal) await tar.file(`pg_wal/${segment}`, await readFile(join(pgliteDir, 'pg_wal', segment)));
      tar.end();
    } catch (error) {
      tar.fail(error as Error);
      throw error;
    } finally {
      await done.catch((error: unknown) => { if (!tar.failed) throw error; });
    }
    const handle = await open(out, 'r+');
    try {
      await handle.sync();
      return { bytes: (await handle.stat()).size, heldMs: Math.round(held) };
    } finally {
      await handle.close();
    }
  } finally {
    if (!stopped) await db.query('SELECT pg_backup_stop(false)').catch(() => {});
  }
}

async function addTree(tar: TarWriter, root: string, relative: string): Promise<void> {
  const names = (await readdir(join(root, relative))).sort();
  for (const name of names) {
    const path = relative ? `${relative}/${name}` : name;
    if (LEFT_OUT.has(name) || name.startsWith('pgsql_tmp')) continue;
    const stat = await lstat(join(root, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null; // dropped while copied: the WAL replay knows
      throw error;
    });
    if (!stat) continue;
    if (stat.isDirectory()) {
      tar.dir(path);
      if (!(relative === '' && EMPTY_IN_COPY.has(name))) await addTree(tar, root, path);
      else if (name === 'pg_wal') tar.dir('pg_wal/archive_status');
      continue;
    }
    if (!stat.isFile()) continue;
    const bytes = await readFile(join(root, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (bytes) await tar.file(path, bytes);
  }
}

/**
 * A ustar writer that hands its blocks to a stream as they come, holding at most a few files in memory (the
 * pipeline's back-pressure waits in `file`).
 */
class TarWriter {
  private queue: Buffer[] = [];
  private waiting: (() => void) | null = null;
  private drained: (() => void) | null = null;
  private ended = false;
  failed: Error | null = null;

  dir(path: string): void {
    this.push(header(`${path}/`, 0, '5', 0o700));
  }

  async file(path: string, bytes: Buffer): Promise<void> {
    this.push(header(path, bytes.length, '0', 0o600));
    this.push(bytes);
    const pad = (512 - (bytes.length % 512)) % 512;
    if (pad) this.push(Buffer.alloc(pad));
    if (this.queue.length > 64) await new Promise<void>((resolve) => { this.drained = resolve; });
  }

  end(): void {
    this.push(Buffer.alloc(1024));
    this.ended = true;
    this.wake();
  }

  fail(error: Error): void {
    this.failed = error;
    this.ended = true;
    this.wake();
  }

  async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.failed) throw this.failed;
      const next = this.queue.shift();
      if (next) {
        if (this.queue.length <= 8 && this.drained) { const d = this.drained; this.drained = null; d(); }
        yield next;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => { this.waiting = resolve; });
    }
  }

  private push(chunk: Buffer): void {
    this.queue.push(chunk);
    this.wake();
  }

  private wake(): void {
    const w = this.waiting;
    this.waiting = null;
    w?.();
    if (this.ended && this.drained) { const d = this.drained; this.drained = null; d(); }
  }
}

function header(path: string, size: number, type: '0' | '5', mode: number): Buffer {
  const h = Buffer.alloc(512);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', path.length - 2);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
    if (Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) throw new DumpRefused(`a path too long for the copy: ${path}`);
  }
  h.write(name, 0, 100, 'utf8');
  h.write(`${mode.toString(8).padStart(7, '0')}\0`, 100, 8, 'ascii');
  h.write('0000000\0', 108, 8, 'ascii');
  h.write('0000000\0', 116, 8, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  h.write(`${Math.floor(Date.now() / 1000).toString(8).padStart(11, '0')}\0`, 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}
