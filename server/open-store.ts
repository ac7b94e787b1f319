/** Opens the shop's store, embedded or on a PostgreSQL of the shop's own, and brings its schema up to date. */
import type { Database } from './db/adapter';
import { migrate } from './db/migrations';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { ensureShop } from './store/shop';

/** `pgliteAsShipped`: PGlite without fsync, for the durability bench and test only (see db/pglite.ts). */
export async function openStore(where: { databaseUrl: string } | { pgliteDir: string; pgliteAsShipped?: boolean }, now: () => number = Date.now): Promise<Database> {
  const db = 'databaseUrl' in where ? await openPostgres(where.databaseUrl) : await openPglite(where.pgliteDir, { asShipped: where.pgliteAsShipped ?? false });
  try {
    await migrate(db, now);
    await ensureShop(db, now());
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
