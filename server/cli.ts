/**
 * npm run server -- [--port N] [--data-dir DIR] [--database-url postgres://…] [--host H] [--tls]
 *                     [--back-office [--back-office-port 4301] [--renderer-dir dist/renderer]]
 *                     [--backup-dir DIR [--backup-at 03:00] [--pg-bin DIR]]
 *   --back-office also serves the owner's back office to this computer (127.0.0.1, a per-launch key in the printed URL)
 *   --backup-dir keeps a verified copy of the shop there every day (7 daily, 4 weekly, 12 monthly kept)
 * npm run server -- pair --data-dir DIR        opens pairing on the running server: prints a one-time code (10 min)
 * npm run server -- tills --data-dir DIR       lists the paired tills
 * npm run server -- rename N NAME --data-dir DIR  renames till number N (unique in the shop); every till hears of it
 * npm run server -- revoke N --data-dir DIR    revokes till number N (or its id): its requests are refused from then on
 * npm run server -- backups (--backup-dir DIR | --data-dir DIR)            lists the kept copies
 * npm run server -- backup-now --data-dir DIR                               the running server takes a copy now
 * npm run server -- restore FILE (--data-dir DIR | --database-url URL)     restores a copy into an empty store
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataFolderInUse, EXIT_FOLDER_IN_USE, lockDataFolder } from '../common/data-folder-lock';
import { createBackupSchedule, DEFAULT_BACKUP_AT, parseBackupAt, type BackupSchedule } from './backup/schedule';
import { listServerCopies } from './backup/server-copies';
import { restoreShop, type RestoreTarget } from './backup/restore';
import { DEFAULT_PG_TOOLS, type PgTools } from './dump/postgres-dump';
import { adminCall } from './admin-client';
import { ensureAdminToken, ensureDataDir, pgliteDir, readRunningServer, writeRunningServer } from './data-dir';
import { openStore } from './open-store';
import { isLoopbackHost, startShopServer } from './server';
import { startBackOfficePc, type BackOfficePc } from './back-office-pc/start';
import { ensureCertificate } from './tls';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '4300' },
    host: { type: 'string', default: '0.0.0.0' },
    'data-dir': { type: 'string', default: 'shop-server-data' },
    'database-url': { type: 'string' },
    tls: { type: 'boolean', default: false },
    'back-office': { type: 'boolean', default: false },
    'back-office-port': { type: 'string', default: '4301' },
    'renderer-dir': { type: 'string' },
    'backup-dir': { type: 'string' },
    'backup-at': { type: 'string', default: DEFAULT_BACKUP_AT },
    'pg-bin': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const dataDir = values['data-dir'];
const [command = 'serve', ...rest] = positionals;

async function serve(): Promise<void> {
  const port = portNumber('--port', values.port);
  const backOfficePort = values['back-office'] ? portNumber('--back-office-port', values['back-office-port']) : null;
  ensureDataDir(dataDir);
  const databaseUrl = values['database-url'];
  // One writer per embedded store (issue 25): locked before anything in the folder is opened or written. With
  // --database-url the database is PostgreSQL's to guard, and several servers may share it; see docs/data-folder-lock.md.
  const lock = databaseUrl ? null : lockDataFolder(dataDir, 'shop server');
  const useTls = values.tls || !isLoopbackHost(values.host);
  const tls = useTls ? ensureCertificate(dataDir) : null;
  const db = await openStore(databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDir(dataDir) });
  let backups: BackupSchedule | null = null;
  const backupNow = async () => {
    if (!backups) return null;
    const outcome = await backups.run();
    return outcome.ok ? { ok: true as const, file: outcome.copy.path, counts: outcome.copy.record.counts } : outcome;
  };
  const server = await startShopServer({ db, host: values.host, port, tls, adminToken: ensureAdminToken(dataDir), backupNow });
  const adminUrl = server.url.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//127.0.0.1');
  const backupDir = values['backup-dir'] ? resolve(values['backup-dir']) : null;
  writeRunningServer(dataDir, { url: adminUrl, fingerprint: server.fingerprint, pid: process.pid, ...(backupDir ? { backupDir } : {}) });
  // The warning first: whoever waits for the start line has it already.
  if (db.durability.warning) console.error(db.durability.warning);
  console.log(`Mostrador shop server on ${server.url} (${db.kind === 'pglite' ? `embedded PostgreSQL in ${pgliteDir(dataDir)}` : 'PostgreSQL'}; ${db.durability.summary})`);
  console.log(`certificate fingerprint (SHA-256): ${server.fingerprint}`);
  let backOffice: BackOfficePc | null = null;
  if (backOfficePort !== null) {
    backOffice = await startBackOfficePc({
      db, sessions: server.sessions, signal: server.salesSignal, notifier: server.notifier, now: Date.now, version: packageVersion(), port: backOfficePort,
      ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
      log: (line) => console.error(line),
    });
    if (!backOffice.rendererBuilt) console.log('The screens are not built yet: run `npm run build:renderer`, then open the address below.');
    console.log(`Mostrador back office (this computer only): ${backOffice.url}`);
  }
  if (backupDir) {
    const at = parseBackupAt(values['backup-at']);
    if (!existsSync(backupDir)) {
      if (!existsSync(dirname(backupDir))) throw new Error(`the backup folder ${backupDir} does not exist, nor its parent folder; create it (or plug in its drive) first`);
      mkdirSync(backupDir, { mode: 0o700 });
    }
    backups = await createBackupSchedule({
      source: db.kind === 'pglite' ? { kind: 'pglite', db, pgliteDir: pgliteDir(dataDir) } : { kind: 'postgresql', db, databaseUrl: databaseUrl!, tools: pgTools() },
      folder: backupDir, at, now: Date.now, log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    });
    const newest = backups.newest();
    console.log(`Verified copies every day at ${values['backup-at']} into ${backupDir} (7 daily, 4 weekly, 12 monthly kept); `
      + `${newest === null ? 'none there yet: the first is taken now' : `newest of ${new Date(newest).toLocaleString()}`}`);
    backups.start();
  } else {
    console.log('No scheduled copies of the shop: start with --backup-dir DIR (another disk, ideally) to keep a verified copy every day');
  }
  const stop = async () => {
    await backups?.close();
    await backOffice?.close();
    await server.close();
    await db.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function portNumber(option: string, text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${option} must be a port number, not ${text}`);
  return port;
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

function pgTools(): PgTools {
  const bin = values['pg-bin'];
  return bin ? { pgDump: join(bin, 'pg_dump'), pgRestore: join(bin, 'pg_restore') } : DEFAULT_PG_TOOLS;
}

const USAGE = `Mostrador shop server

  npm run server -- [--data-dir DIR | --database-url URL] [--port 4300] [--host 0.0.0.0] [--tls]
                    [--back-office [--back-office-port 4301]] [--backup-dir DIR [--backup-at 03:00] [--pg-bin DIR]]
      serves the shop; with --backup-dir, keeps a verified copy there every day at --backup-at (and at start when
      the newest copy is older than the last scheduled time): 7 daily, 4 weekly and 12 monthly copies are kept.
  npm run server -- pair --data-dir DIR          prints a one-time pairing code for a new till
  npm run server -- tills --data-dir DIR         lists the paired tills
  npm run server -- rename N NAME --data-dir DIR renames till number N (a name no other till has); every till hears of it
  npm run server -- revoke N --data-dir DIR      revokes till number N
  npm run server -- backups (--backup-dir DIR | --data-dir DIR)
      lists the kept copies, newest first, with what each holds
  npm run server -- backup-now --data-dir DIR    the running server takes a verified copy now (kept by the same rotation)
  npm run server -- restore FILE (--data-dir DIR | --database-url URL) [--pg-bin DIR]
      restores a copy into an empty store: an absent or empty embedded folder (DIR/pglite), or an empty
      PostgreSQL database; a store holding data is refused. Start the server afterwards as usual.`;

function formatCounts(c: Record<string, number>): string {
  return `${c.sales} sales, ${c.sale_lines} lines, ${c.shifts} shifts, ${c.products} products, ${c.customers} customers, ${c.people} people, ${c.tills} tills`;
}

async function listBackups(): Promise<void> {
  let folder = values['backup-dir'];
  if (!folder) {
    if (!existsSync(dataDir)) throw new Error(`say which folder: npm run server -- backups --backup-dir DIR (${dataDir} does not exist)`);
    let running: { backupDir?: string };
    try {
      running = readRunningServer(dataDir) as { backupDir?: string };
    } catch {
      throw new Error('say which folder: npm run server -- backups --backup-dir DIR');
    }
    if (!running.backupDir) throw new Error(`the server of ${dataDir} was started without --backup-dir: it keeps no copies. Say which folder with --backup-dir DIR`);
    folder = running.backupDir;
  }
  if (!existsSync(folder)) throw new Error(`the backup folder ${folder} does not exist (is its drive plugged in?)`);
  const copies = await listServerCopies(folder);
  if (copies.length === 0) {
    console.log(`No copy in ${folder} yet.`);
    return;
  }
  console.log(`${copies.length} copies in ${folder}, newest first:`);
  for (const c of copies) {
    const when = new Date(c.at).toLocaleString();
    const size = `${(c.bytes / 1_000_000).toFixed(1)} MB`;
    console.log(`  ${c.file}  ${when}  ${c.store === 'pglite' ? 'embedded' : 'PostgreSQL'}  ${size}  `
      + `${c.record ? formatCounts(c.record.counts) : 'what it holds is unknown (its .json is missing or unreadable)'}`);
  }
  const age = Date.now() - copies[0]!.at;
  if (age > 2 * 86_400_000) console.log(`The newest copy is ${Math.floor(age / 86_400_000)} days old: is the server running with --backup-dir?`);
}

async function restore(): Promise<void> {
  const file = rest[0];
  if (!file) throw new Error('say which copy: npm run server -- restore FILE --data-dir DIR (or --database-url URL)');
  const databaseUrl = values['database-url'];
  const dirGiven = process.argv.some((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (databaseUrl && dirGiven) throw new Error('say one target: --data-dir DIR (the embedded store) or --database-url URL, not both');
  if (!databaseUrl && !dirGiven) throw new Error('say where to restore: --data-dir DIR (an absent or empty embedded store) or --database-url URL (an empty database)');
  const target: RestoreTarget = databaseUrl ? { databaseUrl, tools: pgTools() } : { pgliteDir: pgliteDir(dataDir) };
  if (!databaseUrl) ensureDataDir(dataDir);
  const restored = await restoreShop(resolve(file), target);
  console.log(`Restored ${file} into ${databaseUrl ? 'the database' : pgliteDir(dataDir)}: ${formatCounts(restored.counts)}`
    + `${restored.expected ? ' (the same as the copy held when it was taken)' : ' (no .json beside the copy to compare with)'}.`);
  console.log(`Tills the copy knows: ${restored.tills.map((t) => `Caja ${t.number} ${t.name}${t.revoked ? ' (revoked)' : ''}`).join(', ') || 'none'}.`);
  console.log('Start the server as usual. The tills read its products, customers and people again by themselves; a till paired after');
  console.log('this copy was taken is unknown to it: pair that till again (npm run server -- pair).');
}

async function admin(): Promise<void> {
  if (command === 'backups') return listBackups();
  if (command === 'backup-now') {
    const answer = await adminCall(dataDir, 'POST', '/admin/backup');
    const body = answer.body as { file?: string; counts?: Record<string, number>; error?: { message?: string } };
    if (answer.status !== 200 || !body.file) throw new Error(`no copy was kept: ${body.error?.message ?? JSON.stringify(answer.body)}`);
    console.log(`Verified copy kept: ${body.file} (${formatCounts(body.counts ?? {})})`);
    return;
  }
  if (command === 'restore') return restore();
  if (command === 'pair') {
    const answer = await adminCall(dataDir, 'POST', '/admin/pairing');
    const body = answer.body as { code?: string; expiresAt?: number };
    if (answer.status !== 200 || !body.code) throw new Error(`the server refused: ${JSON.stringify(answer.body)}`);
    console.log(`Pairing code: ${body.code}`);
    console.log(`Type it at the new till within 10 minutes (until ${new Date(body.expiresAt ?? 0).toLocaleTimeString()}); it works once.`);
    return;
  }
  if (command === 'tills') {
    const answer = await adminCall(dataDir, 'GET', '/admin/tills');
    const { tills = [] } = answer.body as { tills?: { number: number; name: string; id: string; revoked: boolean; pairedAt: number }[] };
    if (tills.length === 0) console.log('No till is paired yet.');
    // Each till by its number and its name, unique in the shop: the name its sale numbers, receipts and Z carry.
    for (const t of tills) console.log(`Till ${t.number}  ${t.name}  ${t.id}  paired ${new Date(t.pairedAt).toISOString()}${t.revoked ? '  REVOKED' : ''}`);
    return;
  }
  if (command === 'rename') {
    const [which, ...words] = rest;
    const name = words.join(' ').trim();
    if (!which || !name) throw new Error('say which till and its new name: npm run server -- rename <number> "<name>" --data-dir DIR');
    const answer = await adminCall(dataDir, 'POST', '/admin/tills/rename', { till: which, name });
    const body = answer.body as { till?: { number: number; name: string }; error?: { code?: string; message?: string } };
    if (answer.status === 409 || answer.status === 404 || answer.status === 400) throw new Error(`not renamed: ${body.error?.message ?? JSON.stringify(body)}`);
    if (answer.status !== 200 || !body.till) throw new Error(`the server refused: ${JSON.stringify(answer.body)}`);
    console.log(`Till ${body.till.number} is now "${body.till.name}": its next sales, receipts and Z carry it; its earlier sales keep their numbers.`);
    return;
  }
  if (command === 'revoke') {
    const which = rest[0];
    if (!which) throw new Error('say which till: npm run server -- revoke <number or id> --data-dir DIR');
    const answer = await adminCall(dataDir, 'POST', '/admin/tills/revoke', { till: which });
    if (answer.status !== 200) throw new Error(`the server refused: ${JSON.stringify(answer.body)}`);
    console.log(`Till ${which} is revoked: its requests are refused from now on.`);
    return;
  }
  throw new Error(`unknown command ${command}; use serve, pair, tills, rename, revoke, backups, backup-now or restore (npm run server -- --help)`);
}

if (values.help || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
(command === 'serve' ? serve() : admin()).catch((error: unknown) => {
  console.error(`shop server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof DataFolderInUse ? EXIT_FOLDER_IN_USE : 1);
});
