/**
 * npm run server -- [--port N] [--data-dir DIR] [--database-url postgres://…] [--host H] [--tls]
 *                     [--back-office [--back-office-port 4301] [--renderer-dir dist/renderer]]
 *   --back-office also serves the owner's back office to this computer (127.0.0.1, a per-launch key in the printed URL)
 * npm run server -- pair --data-dir DIR        opens pairing on the running server: prints a one-time code (10 min)
 * npm run server -- tills --data-dir DIR       lists the paired tills
 * npm run server -- revoke N --data-dir DIR    revokes till number N (or its id): its requests are refused from then on
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DataFolderInUse, EXIT_FOLDER_IN_USE, lockDataFolder } from '../common/data-folder-lock';
import { adminCall } from './admin-client';
import { ensureAdminToken, ensureDataDir, pgliteDir, writeRunningServer } from './data-dir';
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
  const server = await startShopServer({ db, host: values.host, port, tls, adminToken: ensureAdminToken(dataDir) });
  const adminUrl = server.url.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//127.0.0.1');
  writeRunningServer(dataDir, { url: adminUrl, fingerprint: server.fingerprint, pid: process.pid });
  console.log(`Mostrador shop server on ${server.url} (${db.kind === 'pglite' ? `embedded PostgreSQL in ${pgliteDir(dataDir)}` : 'PostgreSQL'}; ${db.durability.summary})`);
  if (db.durability.warning) console.error(db.durability.warning);
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
  const stop = async () => {
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

async function admin(): Promise<void> {
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
    for (const t of tills) console.log(`Caja ${t.number}  ${t.name}  ${t.id}  paired ${new Date(t.pairedAt).toISOString()}${t.revoked ? '  REVOKED' : ''}`);
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
  throw new Error(`unknown command ${command}; use serve, pair, tills or revoke`);
}

(command === 'serve' ? serve() : admin()).catch((error: unknown) => {
  console.error(`shop server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof DataFolderInUse ? EXIT_FOLDER_IN_USE : 1);
});
