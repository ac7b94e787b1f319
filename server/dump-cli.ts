/**
 * npm run shop:dump -- --help                                      what it does and how to call it (exit 0)
 * npm run shop:dump -- --data-dir DIR --out FILE                   the embedded store (through the running server, or
 *                                                                  the folder itself when no server runs)
 * npm run shop:dump -- --database-url URL --out FILE [--verify-url URL] [--pg-bin DIR]   a PostgreSQL of one's own
 *
 * Writes FILE.partial, restores it into a throwaway database (an in-memory PGlite, or a new database on the same
 * PostgreSQL server, or --verify-url), counts sales, lines, shifts, products, customers, people and tills against
 * the source, and only then renames it to FILE. A dump that does not restore or count the same is deleted and the
 * command fails saying why. Its words are Spanish like the rest of the server's commands (issue 27).
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
import { databaseProblem, pgToolProblem } from './db/connect-error';
import { progressPrinter } from './dump/progress-printer';

export const DUMP_HELP = `Volcado verificado de la tienda Mostrador

  npm run shop:dump -- --data-dir CARPETA --out ARCHIVO
      el almacén integrado del servidor (a través del servidor en marcha, o la carpeta misma si no hay ninguno)
  npm run shop:dump -- --database-url URL --out ARCHIVO [--verify-url URL] [--pg-bin CARPETA]
      un PostgreSQL propio (pg_dump y pg_restore en el PATH, o en --pg-bin)

  --progress   muestra el avance en la salida de errores aunque no sea una terminal (en una terminal se muestra siempre):
               «volcando la tienda: 120 000 de 600 000 filas (20 %) · quedan unos 12 s»
  --quiet      no muestra nada salvo los errores (el código de salida dice si quedó verificado)

  Escribe ARCHIVO.partial, lo restaura en una base desechable (una PGlite en memoria, una base nueva en el mismo
  PostgreSQL, o --verify-url), cuenta ventas, líneas, turnos, productos, clientes, personas y cajas frente al
  origen, y solo entonces lo renombra a ARCHIVO. Nunca sobrescribe un archivo. Sale con 0 si quedó verificado.`;

function parsed() {
  try {
    return parseArgs({ options: {
      'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, out: { type: 'string' }, 'verify-url': { type: 'string' }, 'pg-bin': { type: 'string' },
      progress: { type: 'boolean' }, quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
    } });
  } catch (error) {
    const option = /'(-[^' ]+)/.exec(error instanceof Error ? error.message : '')?.[1] ?? '';
    const code = (error as { code?: string }).code;
    const what = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `no existe la opción ${option}`
      : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `a la opción ${option} le falta su valor, o no lo lleva`
        : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' ? 'sobra un argumento: cada valor va después de su opción'
          : 'no se entiende la orden';
    console.error(`volcado de la tienda: ${what}. Vea npm run shop:dump -- --help`);
    process.exit(2);
  }
}
const { values } = parsed();
if (values.help) {
  console.log(DUMP_HELP);
  process.exit(0);
}
if (values.progress && values.quiet) {
  console.error('volcado de la tienda: --progress y --quiet se contradicen; use uno de los dos. Vea npm run shop:dump -- --help');
  process.exit(2);
}
/** Progress on stderr on a terminal, or anywhere with --progress; never with --quiet (issue 29). */
const printer = !values.quiet && (values.progress || process.stderr.isTTY) ? progressPrinter(process.stderr) : null;
const say = (line: string) => { if (!values.quiet) console.log(line); };

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
    throw new DataFolderInUse(error.folder, error.owner, `${error.message}; vuelva a volcar cuando haya terminado`);
  }
}

async function main(): Promise<void> {
  const dataDir = values['data-dir'];
  const databaseUrl = values['database-url'];
  if (!values.out || (dataDir === undefined) === (databaseUrl === undefined)) {
    throw new Error('diga dónde está la tienda y adónde va el volcado: --data-dir CARPETA o --database-url URL (uno de los dos), y --out ARCHIVO (vea npm run shop:dump -- --help)');
  }
  const out = resolve(values.out);
  if (existsSync(out)) throw new Error(`${out} ya existe; elija un archivo nuevo (no se sobrescribe nada)`);
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  try {
    let counts: ShopCounts;
    if (databaseUrl) {
      const tools = values['pg-bin'] ? { pgDump: join(values['pg-bin'], 'pg_dump'), pgRestore: join(values['pg-bin'], 'pg_restore') } : DEFAULT_PG_TOOLS;
      let total = 0;
      counts = await dumpPostgres(databaseUrl, partial, tools, printer ? (p) => { total = p.total; printer.count('volcando la tienda', p.done, p.total, 'filas'); } : undefined);
      await verifyPostgresDump(partial, counts, databaseUrl, tools, values['verify-url'],
        printer ? { total, onRows: (p) => printer.count('comprobando el volcado (restaurado en una base desechable)', p.done, p.total, 'filas') } : undefined);
    } else {
      if (!isAbsolute(partial)) throw new Error('la ruta de --out debe poder volverse absoluta');
      if (!existsSync(pgliteDir(dataDir!))) throw new Error(`no hay un almacén integrado en ${pgliteDir(dataDir!)}: ¿es --data-dir la carpeta de datos del servidor?`);
      // The embedded store has one writer (issue 25): this command opens the folder itself only when it can lock it;
      // a running server is asked through its admin route instead, and anything else holding the folder refuses it.
      const lock = lockUnlessServed(dataDir!);
      // PGlite dumps and loads its folder in one call each: the steps are said, not measured (docs/long-work-progress.md).
      const started = Date.now();
      printer?.step(lock ? 'volcando el almacén integrado (un solo paso: no se puede medir su avance)…' : 'el servidor en marcha está volcando el almacén integrado (un solo paso: no se puede medir su avance)…');
      if (!lock) {
        const answer = await adminCall(dataDir!, 'POST', '/admin/dump', { out: partial });
        if (answer.status !== 200) {
          const message = (answer.body as { error?: { message?: unknown } } | null)?.error?.message;
          throw new Error(`el servidor en marcha no hizo el volcado: ${typeof message === 'string' ? message : 'respuesta inesperada'}`);
        }
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
      printer?.step(`volcado en ${Math.round((Date.now() - started) / 1000)} s; comprobando el volcado (cargado en una base en memoria)…`);
      await verifyPgliteDump(partial, counts);
    }
    printer?.end();
    renameSync(partial, out);
    say(`Volcado verificado en ${out}: restaurado en una base desechable, con los mismos conteos`);
    say(Object.entries(counts).map(([table, n]) => `${table} ${n}`).join(', '));
  } catch (error) {
    printer?.end();
    rmSync(partial, { force: true });
    const plain = (databaseUrl ? databaseProblem(databaseUrl, error) : null) ?? pgToolProblem(error);
    throw plain ? new Error(plain) : error;
  }
}

main().catch((error: unknown) => {
  console.error(`volcado de la tienda: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof DataFolderInUse ? EXIT_FOLDER_IN_USE : 1);
});
