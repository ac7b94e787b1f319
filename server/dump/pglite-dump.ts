/**
 * A verified dump of the embedded store: PGlite's own dump of its data folder (a gzipped tarball), loaded into a
 * fresh in-memory PGlite and counted before it is called good. Counted before and after the dump: a push in between
 * makes it try again (three times), so the counts compared are the dump's.
 */
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../db/adapter';
import { countShop, DumpRefused, type ShopCounts, assertSameCounts } from './shop-counts';

export async function dumpPglite(db: Database, out: string): Promise<ShopCounts> {
  if (!db.dumpDataDir) throw new DumpRefused('this store is not the embedded one');
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await countShop(db);
    const blob = await db.dumpDataDir();
    const after = await countShop(db);
    if (JSON.stringify(before) === JSON.stringify(after)) {
      await writeFile(out, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      return before;
    }
  }
  throw new DumpRefused('tills kept pushing while the dump was taken; try again in a quiet moment');
}

export async function verifyPgliteDump(file: string, expected: ShopCounts): Promise<ShopCounts> {
  let copy: PGlite | null = null;
  try {
    await gzipIsWhole(file);
    const bytes = await readFile(file);
    copy = await PGlite.create({ loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
    const counts = await countShop({
      query: async (sql, params) => { const r = await copy!.query(sql, [...(params ?? [])]); return { rows: r.rows as never[], rowCount: r.rows.length }; },
      exec: async () => {},
    });
    assertSameCounts(expected, counts);
    return counts;
  } catch (error) {
    if (error instanceof DumpRefused) throw error;
    throw new DumpRefused(`the dump does not load: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await copy?.close().catch(() => {});
  }
}

/** Reads the whole gzip stream once: a cut or damaged file is refused here, before PGlite unpacks it in the background. */
export async function gzipIsWhole(file: string): Promise<void> {
  await pipeline(createReadStream(file), createGunzip(), new Writable({ write: (_chunk, _encoding, done) => done() }));
}
