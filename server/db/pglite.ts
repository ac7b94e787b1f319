/**
 * The embedded store: PostgreSQL compiled to WASM (PGlite), kept in a folder. One process owns the folder.
 *
 * Durability. PGlite as shipped never asks the disk to keep anything: it starts PostgreSQL with `-F` (fsync off),
 * and its file layer (Emscripten's NODEFS, plain `fs` calls on the real folder) has no fsync of its own, so the
 * fsync() PostgreSQL would call ends in a no-op (and fdatasync() is a no-op in Emscripten's runtime). We turn both
 * on: PostgreSQL runs with fsync on, synchronous_commit on and wal_sync_method=fsync, and the folder's file layer
 * gets an fsync that reaches the host (fdatasync for a file, fsync for a folder). PostgreSQL then does what it does
 * on a real server: a commit returns only after its WAL record is synced, a checkpoint syncs the data files and
 * pg_control, a new WAL segment and the folder entries it needs are synced. So a write the server acknowledges
 * (a transaction's COMMIT, an autocommit statement) is on disk before the answer leaves. The folder itself is
 * synced once at open: PGlite writes a new folder from a tarball without any fsync.
 * docs/shop-server-durability.md has the figures and the power-cut simulation.
 */
import { closeSync, fdatasyncSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { Database, Durability, Queryable } from './adapter';

/** PostgreSQL's durable settings, on top of PGlite's own start parameters without its `-F` (fsync off). */
const DURABLE_SETTINGS = ['fsync=on', 'synchronous_commit=on', 'wal_sync_method=fsync', 'full_page_writes=on'];
/**
 * `wal_level = replica`: the WAL then holds what an online copy needs (backup/pglite-online-copy.ts), so the
 * server's scheduled copies never hold the tills' pushes.
 */
const COPY_SETTINGS = ['wal_level=replica'];
export const pgliteStartParams = (): string[] => [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  ...[...DURABLE_SETTINGS, ...COPY_SETTINGS].flatMap((s) => ['-c', s]),
];

interface EmscriptenStream { nfd?: number; node: { mode: number } }
interface EmscriptenModule {
  FS: { isFile(mode: number): boolean };
  NODEFS?: { stream_ops: Record<string, unknown>; realPath(node: unknown): string; tryFSOperation<T>(f: () => T): T };
}

/** NodeFS whose streams can be synced: PostgreSQL's fsync() goes to the host's fdatasync/fsync. Counts the syncs. */
class SyncingNodeFS extends NodeFS {
  syncs = 0;

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const patch = (mod: EmscriptenModule) => {
      const nodefs = mod.NODEFS;
      if (!nodefs) return; // a PGlite without NODEFS: the self-check at open reports that commits are not synced
      nodefs.stream_ops.fsync = (stream: EmscriptenStream) => {
        nodefs.tryFSOperation(() => {
          const isFile = mod.FS.isFile(stream.node.mode);
          if (typeof stream.nfd === 'number') {
            if (isFile) fdatasyncSync(stream.nfd);
            else fsyncSync(stream.nfd);
          } else syncPath(nodefs.realPath(stream.node), isFile);
        });
        this.syncs += 1;
        return 0;
      };
    };
    const emscriptenOpts = result.emscriptenOpts as { preRun?: unknown[] };
    emscriptenOpts.preRun = [...(emscriptenOpts.preRun ?? []), patch];
    return result;
  }
}

function syncPath(path: string, isFile: boolean): void {
  const fd = openSync(path, 'r');
  try {
    if (isFile) fdatasyncSync(fd);
    else fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fdatasync every file and fsync every folder under `dir`, then the folder's own entry in its parent. */
export function syncTree(dir: string): number {
  let count = 0;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) { syncPath(path, true); count += 1; }
    }
    syncPath(folder, false);
    count += 1;
  };
  walk(dir);
  syncPath(dirname(resolve(dir)), false);
  return count + 1;
}

/**
 * `asShipped`: PGlite's own defaults (fsync off, a file layer without fsync), as this server ran before; only the
 * durability bench and the power-cut test's control use it, to show what the durable mode changes. Never the CLI.
 * `loadDataDir`: a copy (gzipped tarball) to fill an empty folder with first (a restore); synced like the rest.
 */
export async function openPglite(dataDir: string, options: { asShipped?: boolean; loadDataDir?: Blob } = {}): Promise<Database> {
  const fs = new SyncingNodeFS(dataDir);
  const load = options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
  const db = options.asShipped
    ? await PGlite.create(dataDir, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, ...COPY_SETTINGS.flatMap((s) => ['-c', s])], ...load })
    : await PGlite.create({ fs, startParams: pgliteStartParams(), extensions: { pg_trgm }, ...load });
  let durability: Durability;
  try {
    if (!options.asShipped) syncTree(dataDir);
    durability = await checkDurability(db, fs, dataDir);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async exec(sql: string) {
      await q.exec(sql);
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<Row>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  const direct = wrap(db);
  return {
    kind: 'pglite',
    durability,
    query: direct.query,
    exec: direct.exec,
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('gzip'),
  };
}

/**
 * Proves at open that a commit reaches the disk: the settings are the durable ones and one committed transaction
 * (a transactional WAL message: the commit writes WAL, so it is flushed) made the file layer sync at least once.
 */
async function checkDurability(db: PGliteInterface, fs: SyncingNodeFS, dataDir: string): Promise<Durability> {
  const settings = await showSettings(db);
  const before = fs.syncs;
  await db.query("SELECT pg_logical_emit_message(true, 'mostrador', 'durability check')");
  const synced = fs.syncs > before;
  const off = Object.entries(settings).filter(([name, value]) => (name === 'wal_sync_method' ? value !== 'fsync' : value === 'off')).map(([n, v]) => `${n}=${v}`);
  if (synced && off.length === 0) {
    return { onDisk: true, settings, summary: 'cada venta queda en el disco antes de responder a la caja (fsync on, synchronous_commit on)' };
  }
  const why = [...off, ...(synced ? [] : ['a commit made no fsync'])].join(', ');
  return {
    onDisk: false,
    settings,
    summary: 'LAS VENTAS NO SE GUARDAN EN EL DISCO ANTES DE RESPONDER',
    warning: `ATENCIÓN: la base integrada en ${dataDir} no logra que lo guardado llegue al disco (${why}): un corte de luz puede perder ventas que este servidor ya confirmó a las cajas. Use un PostgreSQL propio de la tienda (npm run server -- --database-url postgres://…).`,
  };
}

async function showSettings(db: PGliteInterface): Promise<Record<string, string>> {
  const settings: Record<string, string> = {};
  for (const name of ['fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes']) {
    const { rows } = await db.query<Record<string, string>>(`SHOW ${name}`);
    settings[name] = String(Object.values(rows[0] ?? {})[0]);
  }
  return settings;
}
