/**
 * npm run shop:dump -- --data-dir DIR --out FILE                   the embedded store (through the running server, or
 *                                                                  the folder itself when no server runs)
 * npm run shop:dump -- --database-url URL --out FILE [--verify-url URL] [--pg-bin DIR]   a PostgreSQL of one's own
 *
 * Writes FILE.partial, restores it into a throwaway database (an in-memory PGlite, or a new database on the same
 * PostgreSQL server, or --verify-url), counts sales, lines, shifts, products, customers, people and tills against
 * the source, and only then renames it to FILE. A dump that does not restore or count the same is deleted and the
 * command fails saying why.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataFolderInUse, EXIT_FOLDER_IN_USE, lockDataFolder, type DataFolderLock } from '../common/data-folder-lock';
import { adminCall } from './admin-client';
import { pgliteDir, readRunningServer } from './data-dir';
import { openStore } from './open-store';
import { dumpPglite, verifyPgliteDump } from './dump/pglite-dump';
import { DEFAULT_PG_TOOLS, dumpPostgres, verifyPostgresDump } from './dump/postgres-dump';
import type { ShopCounts } from './dump/shop-counts';

const { values } = parseArgs({ options: {
  'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, out: { type: 'string' }, 'verify-url': { type: 'string' }, 'pg-bin': { type: 'string' },
} });

function serverIsRunning(dataDir: string): boolean {
  try {
    process.kill(readRunningServer(dataDir).pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The folder's lock when no process holds it; null when a shop server does (it is asked instead); else refused. */
function lockUnlessServed(dataDir: string): DataFolderLock | null {
  try {
    return lockDataFolder(dataDir, 'shop dump');
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    if (error.owner?.program === 'shop server' || (error.owner === null && serverIsRunning(dataDir))) return null;
    throw new DataFolderInUse(error.folder, error.owner, `${error.message}; dump again once it has finished`);
  }
}

async function main(): Promise<void> {
  const dataDir = values['data-dir'];
  const databaseUrl = values['database-url'];
  if (!values.out || (dataDir === undefined) === (databaseUrl === undefined)) {
    throw new Error('say where the shop is and where the dump goes: --data-dir DIR or --database-url URL, and --out FILE');
  }
  const out = resolve(values.out);
  if (existsSync(out)) throw new Error(`${out} exists already; choose a new file (nothing is overwritten)`);
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  try {
    let counts: ShopCounts;
    if (databaseUrl) {
      const tools = values['pg-bin'] ? { pgDump: join(values['pg-bin'], 'pg_dump'), pgRestore: join(values['pg-bin'], 'pg_restore') } : DEFAULT_PG_TOOLS;
      counts = await dumpPostgres(databaseUrl, partial, tools);
      await verifyPostgresDump(partial, counts, databaseUrl, tools, values['verify-url']);
    } else {
      if (!isAbsolute(partial)) throw new Error('the output path must resolve to an absolute path');
      if (!existsSync(pgliteDir(dataDir!))) throw new Error(`there is no embedded store in ${pgliteDir(dataDir!)}; is --data-dir the server's data folder?`);
      // The embedded store has one writer (issue 25): this command opens the folder itself only when it can lock it;
      // a running server is asked through its admin route instead, and anything else holding the folder refuses it.
      const lock = lockUnlessServed(dataDir!);
      if (!lock) {
        const answer = await adminCall(dataDir!, 'POST', '/admin/dump', { out: partial });
        if (answer.status !== 200) throw new Error(`the server refused: ${JSON.stringify(answer.body)}`);
        counts = (answer.body as { counts: ShopCounts }).counts;
      } else {
        try {
          const db = await openStore({ pgliteDir: pgliteDir(dataDir!) });
          try {
            counts = await dumpPglite(db, partial);
          } finally {
            await db.close();
          }
        } finally {
          lock.release();
        }
      }
      await verifyPgliteDump(partial, counts);
    }
    renameSync(partial, out);
    console.log(`Verified dump written to ${out}: restored into a throwaway database and counted the same`);
    console.log(Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(', '));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`shop dump refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof DataFolderInUse ? EXIT_FOLDER_IN_USE : 1);
});
