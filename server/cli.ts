/**
 * The owner's commands, in Spanish with the shop's time (issue 26; server/cli-text.ts). `--help` on every command.
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
 * npm run server -- service-account set --service-url URL --client-id ID | show | clear   the invoicing service's
 *                                              credentials at the server (the secret from stdin, into the keychain)
 * npm run server -- webhooks set --public-url URL [--adapter sandbox|manual] --data-dir DIR   (manual: the secret on stdin)
 * npm run server -- webhooks show|clear --data-dir DIR    the invoicing service's webhooks (docs/shop-webhooks.md)
 * npm run server -- status (--data-dir DIR | --database-url URL)   processes and their heartbeat, database, tills and
 *                                              when each last spoke, the last server copy, the tills' addresses, Tienda
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataFolderInUse, EXIT_FOLDER_IN_USE, lockDataFolder } from '../common/data-folder-lock';
import { createBackupSchedule, DEFAULT_BACKUP_AT, parseBackupAt, type BackupSchedule } from './backup/schedule';
import { listServerCopies } from './backup/server-copies';
import { restoreShop, type RestoreTarget } from './backup/restore';
import { DEFAULT_PG_TOOLS, type PgTools } from './dump/postgres-dump';
import { adminCall } from './admin-client';
import { ensureAdminToken, ensureBackOfficeKey, ensureDataDir, pgliteDir, readBackOfficeKey, readRunningServer, writeRunningServer } from './data-dir';
import { COMMANDS, copyLine, shopClock, shopDateTime, statusLines, tillAddresses, usage, type StatusFacts } from './cli-text';
import { databaseProblem } from './db/connect-error';
import { openPostgres } from './db/postgres';
import { GONE_AFTER_MS, startHeartbeat, type Heartbeat } from './store/server-processes';
import { readServerStatus } from './store/server-status';
import { readShopInvoicing } from './confirm/shop-invoicing';
import { CONTRACT_VERSION } from '../shared/shop/contract-version';
import { openStore } from './open-store';
import { isLoopbackHost, startShopServer } from './server';
import { startBackOfficePc, type BackOfficePc } from './back-office-pc/start';
import { ensureCertificate } from './tls';
import { announceShopServer, type Announcement } from '../common/shop-discovery';
import { readShop } from './store/shop';
import { keychainSecrets } from './confirm/keychain';
import { serverServiceAccess } from './confirm/service-access';
import { serviceAccountCommand } from './service-account-cli';
import { handleWebhookAdmin } from './webhooks/admin';
import { osWebhookKeychain } from './webhooks/keychain';
import { parseListen, startWebhookReceiver, type Confirmer, type WebhookReceiver } from './webhooks/receiver';
import { WebhookSettings } from './webhooks/settings';

function parsedArguments() {
  try {
    return parseArgs({
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
        'no-announce': { type: 'boolean', default: false },
        // A proxy in front of the server whose X-Forwarded-For is believed for pairing limits (issue 27); repeatable.
        'trusted-proxy': { type: 'string', multiple: true },
        // service-account set (issue 28): the invoicing service's address and client id (the secret comes from stdin).
        'service-url': { type: 'string' },
        'client-id': { type: 'string' },
        // The invoicing service's webhooks (issue 28, docs/shop-webhooks.md): a listener of their own, off by default.
        'webhooks-listen': { type: 'string' },
        'public-url': { type: 'string' },
        adapter: { type: 'string', default: 'manual' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // A mistyped option: said plainly, with where the help is (never Node's stack trace).
    const text = error instanceof Error ? error.message : String(error);
    const option = /'(-[^' ]+)/.exec(text)?.[1] ?? '';
    const code = (error as { code?: string }).code;
    const what = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `no existe la opción ${option}`
      : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `a la opción ${option} le falta su valor, o no lo lleva`
        : 'no se entiende la orden';
    console.error(`servidor de la tienda: ${what}. Vea npm run server -- --help`);
    process.exit(2);
  }
}
const { values, positionals } = parsedArguments();
const dataDir = values['data-dir'];
const [command = 'serve', ...rest] = positionals;

async function serve(): Promise<void> {
  const port = portNumber('--port', values.port);
  const backOfficePort = values['back-office'] ? portNumber('--back-office-port', values['back-office-port']) : null;
  const listen = values['webhooks-listen'] ? parseListen(values['webhooks-listen']) : null;
  if (listen && 'problem' in listen) throw new Error(listen.problem);
  ensureDataDir(dataDir);
  const databaseUrl = values['database-url'];
  // One writer per embedded store (issue 25): locked before anything in the folder is opened or written. With
  // --database-url the database is PostgreSQL's to guard, and several servers may share it; see docs/data-folder-lock.md.
  const lock = databaseUrl ? null : lockDataFolder(dataDir, 'shop server');
  const useTls = values.tls || !isLoopbackHost(values.host);
  const tls = useTls ? ensureCertificate(dataDir) : null;
  const db = await openDatabase(databaseUrl);
  // The invoicing service's webhooks: the settings always (the owner may configure them before listening), the
  // listener only with --webhooks-listen. The confirmer is the server's confirmation loop (it alone GETs documents).
  const serviceSecrets = keychainSecrets();
  const webhookSettings = new WebhookSettings({ db, keychain: osWebhookKeychain(), now: Date.now, serviceAccess: () => serverServiceAccess(db, serviceSecrets) });
  // Late-bound: the confirmation loop (confirm-server) may be made after the listener; until it is set, a heard
  // document is left to the loop's polling.
  let confirmations = null as Confirmer | null;
  const webhookConfirmer: Confirmer = { heard: (documentId) => confirmations?.heard(documentId) };
  let webhooks: WebhookReceiver | null = null;
  if (listen) {
    webhooks = await startWebhookReceiver({
      db, settings: webhookSettings, confirmer: webhookConfirmer, host: listen.host, port: listen.port,
      tls: isLoopbackHost(listen.host) ? null : ensureCertificate(dataDir), log: (line) => console.error(line),
    }).catch(async (error: unknown) => {
      await db.close().catch(() => {});
      const code = (error as { code?: string }).code;
      if (code === 'EADDRINUSE') throw new Error(`--webhooks-listen: el puerto ${listen.port} ya está en uso en ${listen.host}: elija otro`);
      if (code === 'EADDRNOTAVAIL') throw new Error(`--webhooks-listen: este computador no tiene la dirección ${listen.host}`);
      throw error;
    });
  }
  const webhookAdmin = (method: string, path: string, body: Buffer) => handleWebhookAdmin({ db, settings: webhookSettings, receiver: webhooks }, method, path, body);
  let backups: BackupSchedule | null = null;
  const backupNow = async () => {
    if (!backups) return null;
    const outcome = await backups.run();
    return outcome.ok ? { ok: true as const, file: outcome.copy.path, counts: outcome.copy.record.counts } : outcome;
  };
  const server = await startShopServer({ db, host: values.host, port, tls, adminToken: ensureAdminToken(dataDir), backupNow, webhookAdmin, trustedProxies: values['trusted-proxy'] ?? [],
    // Issue 28: confirms the tills' documents with the service's credentials set by service-account (secret: keychain).
    confirmations: { secrets: serviceSecrets } }).catch(async (error: unknown) => {
    await webhooks?.close().catch(() => {});
    await db.close().catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new Error(`el puerto ${port} ya está en uso en ${values.host} (¿otro servidor de la tienda, u otro programa?): detenga ese, o arranque con otro --port`);
    if (code === 'EADDRNOTAVAIL') throw new Error(`este computador no tiene la dirección ${values.host}: use --host 0.0.0.0 (todas sus direcciones) o una de las suyas`);
    if (code === 'EACCES') throw new Error(`este usuario no puede escuchar en el puerto ${port}: use un puerto desde 1024 (--port 4300)`);
    throw error;
  });
  // Webhooks heard from here on go to this process's confirmation loop (it GETs the document before believing it).
  confirmations = server.confirmer;
  const adminUrl = server.url.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//127.0.0.1');
  const backupDir = values['backup-dir'] ? resolve(values['backup-dir']) : null;
  // What a till can type: each LAN address with the port (0.0.0.0 is where it listens, not an address to type).
  const listening = new URL(server.url);
  const addresses = tillAddresses(values.host, Number(listening.port), listening.protocol === 'https:' ? 'https' : 'http');
  let backOffice: BackOfficePc | null = null;
  if (backOfficePort !== null) {
    backOffice = await startBackOfficePc({
      db, sessions: server.sessions, signal: server.salesSignal, notifier: server.notifier, now: Date.now, version: packageVersion(), port: backOfficePort,
      ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
      // Kept with the data: a restart keeps Tienda's address, and an open tab reconnects by itself.
      key: ensureBackOfficeKey(dataDir),
      log: (line) => console.error(line),
    });
  }
  writeRunningServer(dataDir, {
    url: adminUrl, fingerprint: server.fingerprint, pid: process.pid, tillAddresses: addresses,
    ...(backupDir ? { backupDir } : {}), ...(backOffice ? { backOfficeUrl: backOffice.url.replace(/#.*$/, '') } : {}),
  });
  // Issue 27: this process's row in the database, beating every 15 s (npm run server -- status lists it).
  const heartbeat: Heartbeat = await startHeartbeat(db, { addresses, version: packageVersion(), contract: CONTRACT_VERSION, log: (line) => console.error(`${new Date().toISOString()} ${line}`) });
  // The warning first: whoever waits for the start line has it already.
  if (db.durability.warning) console.error(db.durability.warning);
  console.log(`Servidor de la tienda Mostrador en ${addresses.length === 1 ? addresses[0] : `el puerto ${listening.port}`} (${db.kind === 'pglite' ? `PostgreSQL integrado en ${pgliteDir(dataDir)}` : 'PostgreSQL'}; ${db.durability.summary})`);
  printTillAddresses(addresses, adminUrl);
  if (tls) console.log(`Huella del certificado (SHA-256), la que la caja muestra al emparejar: ${server.fingerprint}`);
  if (webhooks) console.log(`Webhooks del servicio de facturación: escuchando en ${webhooks.url} (detrás de un proxy con certificado o un túnel; docs/shop-webhooks.md)`);
  if (backOffice) {
    if (!backOffice.rendererBuilt) console.log('Las pantallas aún no están construidas: ejecute `npm run build:renderer` y abra la dirección de abajo.');
    console.log(`Tienda en este computador (solo aquí): ${backOffice.url}`);
  }
  if (backupDir) {
    const at = parseBackupAt(values['backup-at']);
    if (!existsSync(backupDir)) {
      if (!existsSync(dirname(backupDir))) throw new Error(`la carpeta de copias ${backupDir} no existe, ni la carpeta que la contiene; créela (o conecte su disco) primero`);
      mkdirSync(backupDir, { mode: 0o700 });
    }
    backups = await createBackupSchedule({
      source: db.kind === 'pglite' ? { kind: 'pglite', db, pgliteDir: pgliteDir(dataDir) } : { kind: 'postgresql', db, databaseUrl: databaseUrl!, tools: pgTools() },
      folder: backupDir, at, now: Date.now, log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    });
    const newest = backups.newest();
    console.log(`Copias verificadas cada día a las ${values['backup-at']} en ${backupDir} (se conservan 7 diarias, 4 semanales y 12 mensuales); `
      + `${newest === null ? 'aún no hay ninguna: la primera se toma ahora' : `la más nueva es del ${shopDateTime(newest)}`}`);
    backups.start();
  } else {
    console.log('Sin copias programadas de la tienda: arranque con --backup-dir CARPETA (mejor en otro disco) para guardar una copia verificada cada día');
  }
  const stop = async () => {
    await heartbeat.stop();
    await backups?.close();
    await backOffice?.close();
    await server.close();
    await webhooks?.close();
    await db.close();
    lock?.release();
    process.exit(0);
  };
  // Issue 27: announced on the shop's network (DNS-SD) at each address the tills type, so a till that lost it finds
  // it again by its certificate; without multicast, one line and nothing else changes. The stop handlers are in place
  // before the announcement is tried: a SIGTERM while it is made still stops the server cleanly.
  let announcement: Announcement | null = null;
  const stopAll = stop;
  const stopAnnounced = async () => {
    await announcement?.stop();
    await stopAll();
  };
  process.once('SIGINT', stopAnnounced);
  process.once('SIGTERM', stopAnnounced);
  announcement = tls && !values['no-announce']
    ? await announceShopServer({
      fingerprint: server.fingerprint, shopId: (await readShop(db)).id, port: server.port,
      hosts: addresses.map((a) => new URL(a).hostname), log: (line) => console.error(line),
    })
    : null;
  if (announcement && announcement.addresses.length > 0) console.log(`Anunciado en la red de la tienda (_mostrador._tcp) en ${announcement.addresses.join(', ')}`);
}

/** The shop's store; a database that cannot be reached is said in plain words (which one, why, what to check). */
async function openDatabase(databaseUrl: string | undefined) {
  try {
    return await openStore(databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDir(dataDir) });
  } catch (error) {
    const problem = databaseUrl ? databaseProblem(databaseUrl, error) : null;
    throw problem ? new Error(problem) : error;
  }
}

function portNumber(option: string, text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${option} debe ser un número de puerto (0 a 65535), no ${text}`);
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

/** The addresses to type at a till, one a line; with none, why and what still works. */
function printTillAddresses(addresses: readonly string[], local: string): void {
  if (addresses.length === 0) {
    console.log(`Este computador no tiene dirección de red: las cajas no lo alcanzan hasta que esté en la red de la tienda (aquí mismo: ${local}).`);
    return;
  }
  console.log('Direcciones para las cajas (Ajustes → Servidor de la tienda):');
  for (const address of addresses) console.log(`  ${address}`);
}

function formatCounts(c: Record<string, number>): string {
  return `${c.sales} ventas, ${c.sale_lines} líneas, ${c.shifts} turnos, ${c.products} productos, ${c.customers} clientes, ${c.people} personas, ${c.tills} cajas`;
}

async function listBackups(): Promise<void> {
  let folder = values['backup-dir'];
  if (!folder) {
    if (!existsSync(dataDir)) throw new Error(`diga qué carpeta: npm run server -- backups --backup-dir CARPETA (${dataDir} no existe)`);
    let running: { backupDir?: string };
    try {
      running = readRunningServer(dataDir) as { backupDir?: string };
    } catch {
      throw new Error('diga qué carpeta: npm run server -- backups --backup-dir CARPETA');
    }
    if (!running.backupDir) throw new Error(`el servidor de ${dataDir} arrancó sin --backup-dir: no guarda copias. Diga qué carpeta con --backup-dir CARPETA`);
    folder = running.backupDir;
  }
  if (!existsSync(folder)) throw new Error(`la carpeta de copias ${folder} no existe (¿está conectado su disco?)`);
  const copies = await listServerCopies(folder);
  if (copies.length === 0) {
    console.log(`Aún no hay copias en ${folder}.`);
    return;
  }
  console.log(`${copies.length} copias en ${folder}, la más nueva primero:`);
  for (const c of copies) {
    const size = `${(c.bytes / 1_000_000).toFixed(1).replace('.', ',')} MB`;
    console.log(`  ${c.file}  ${shopDateTime(c.at)}  ${c.store === 'pglite' ? 'integrado' : 'PostgreSQL'}  ${size}  `
      + `${c.record ? formatCounts(c.record.counts) : 'no se sabe qué tiene (falta su .json o no se puede leer)'}`);
  }
  const age = Date.now() - copies[0]!.at;
  if (age > 2 * 86_400_000) console.log(`La copia más nueva tiene ${Math.floor(age / 86_400_000)} días: ¿está el servidor en marcha con --backup-dir?`);
}

async function restore(): Promise<void> {
  const file = rest[0];
  if (!file) throw new Error('diga qué copia: npm run server -- restore ARCHIVO --data-dir CARPETA (o --database-url URL)');
  const databaseUrl = values['database-url'];
  const dirGiven = process.argv.some((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (databaseUrl && dirGiven) throw new Error('diga un solo destino: --data-dir CARPETA (el almacén integrado) o --database-url URL, no los dos');
  if (!databaseUrl && !dirGiven) throw new Error('diga dónde restaurar: --data-dir CARPETA (un almacén integrado ausente o vacío) o --database-url URL (una base vacía)');
  const target: RestoreTarget = databaseUrl ? { databaseUrl, tools: pgTools() } : { pgliteDir: pgliteDir(dataDir) };
  if (!databaseUrl) ensureDataDir(dataDir);
  const restored = await restoreShop(resolve(file), target).catch((error: unknown) => {
    const problem = databaseUrl ? databaseProblem(databaseUrl, error) : null;
    throw problem ? new Error(problem) : error;
  });
  console.log(`Restaurada ${file} en ${databaseUrl ? 'la base de datos' : pgliteDir(dataDir)}: ${formatCounts(restored.counts)}`
    + `${restored.expected ? ' (lo mismo que tenía la copia cuando se tomó)' : ' (no hay .json junto a la copia para comparar)'}.`);
  console.log(`Cajas que conoce la copia: ${restored.tills.map((t) => `n.º ${t.number} ${t.name}${t.revoked ? ' (revocada)' : ''}`).join(', ') || 'ninguna'}.`);
  console.log('Ponga en marcha el servidor como siempre. Las cajas vuelven a leer productos, clientes y personas por sí solas; una caja');
  console.log('emparejada después de tomar esta copia no la conoce: emparéjela de nuevo (npm run server -- pair).');
}

async function admin(): Promise<void> {
  if (command === 'backups') return listBackups();
  if (command === 'backup-now') {
    const answer = await adminCall(dataDir, 'POST', '/admin/backup');
    const body = answer.body as { file?: string; counts?: Record<string, number>; error?: { message?: string } };
    if (answer.status !== 200 || !body.file) throw new Error(`no se guardó ninguna copia: ${refusalText(answer.body)}`);
    console.log(`Copia verificada guardada: ${body.file} (${formatCounts(body.counts ?? {})})`);
    return;
  }
  if (command === 'restore') return restore();
  if (command === 'status') return status();
  if (command === 'service-account') {
    return serviceAccountCommand({
      sub: rest[0], dataDir, databaseUrl: values['database-url'], serviceUrl: values['service-url'], clientId: values['client-id'],
    });
  }
  if (command === 'webhooks') return webhooksCommand();
  if (command === 'pair') {
    const answer = await adminCall(dataDir, 'POST', '/admin/pairing');
    const body = answer.body as { code?: string; expiresAt?: number };
    if (answer.status !== 200 || !body.code) throw new Error(`el servidor no abrió el emparejamiento: ${refusalText(answer.body)}`);
    console.log(`Código de emparejamiento: ${body.code}`);
    console.log(`Escríbalo en la caja nueva (Ajustes → Servidor de la tienda) antes de 10 minutos (hasta las ${shopClock(body.expiresAt ?? 0)}, hora de la tienda); sirve una sola vez.`);
    return;
  }
  if (command === 'tills') {
    const answer = await adminCall(dataDir, 'GET', '/admin/tills');
    const { tills = [] } = answer.body as { tills?: { number: number; name: string; id: string; revoked: boolean; pairedAt: number }[] };
    if (tills.length === 0) console.log('Aún no hay cajas emparejadas.');
    // Each till by its number and its name, unique in the shop: the name its sale numbers, receipts and Z carry.
    for (const t of tills) console.log(`n.º ${t.number}  ${t.name}  ${t.id}  emparejada el ${shopDateTime(t.pairedAt)}${t.revoked ? '  REVOCADA' : ''}`);
    return;
  }
  if (command === 'rename') {
    const [which, ...words] = rest;
    const name = words.join(' ').trim();
    if (!which || !name) throw new Error('diga qué caja y su nombre nuevo: npm run server -- rename <número> "<nombre>" --data-dir CARPETA');
    const answer = await adminCall(dataDir, 'POST', '/admin/tills/rename', { till: which, name });
    const body = answer.body as { till?: { number: number; name: string } };
    if (answer.status !== 200 || !body.till) throw new Error(`no se cambió el nombre: ${refusalText(answer.body)}`);
    console.log(`La caja n.º ${body.till.number} ahora se llama «${body.till.name}»: sus próximas ventas, recibos y Z lo llevan; sus ventas anteriores conservan su número.`);
    return;
  }
  if (command === 'revoke') {
    const which = rest[0];
    if (!which) throw new Error('diga qué caja: npm run server -- revoke NÚMERO (o su identificador) --data-dir CARPETA');
    const answer = await adminCall(dataDir, 'POST', '/admin/tills/revoke', { till: which });
    if (answer.status !== 200) throw new Error(`el servidor no revocó la caja ${which}: ${refusalText(answer.body)}`);
    console.log(`La caja ${which} queda revocada: el servidor rechaza sus llamadas desde ahora.`);
    return;
  }
  throw new Error(`no hay una orden «${command}»; las órdenes son ${COMMANDS.join(', ')} (npm run server -- --help)`);
}

/** `webhooks set | show | clear`: the invoicing service's webhooks at the running server (docs/shop-webhooks.md). */
async function webhooksCommand(): Promise<void> {
  const what = rest[0];
  if (what === 'show') {
    const answer = await adminCall(dataDir, 'GET', '/admin/webhooks');
    if (answer.status !== 200) throw new Error(`el servidor no mostró los webhooks: ${refusalText(answer.body)}`);
    const b = answer.body as { configured: boolean; adapter: string | null; hookUrl: string | null; signed: boolean; configuredAt: number | null; listening: string | null;
      numbers: { received: number; lastReceivedAt: number | null; replayed: number; refused: { signature: number; tooOld: number; malformed: number; busy: number; total: number } } };
    if (!b.configured) console.log('Webhooks: sin configurar (el servidor confirma consultando al servicio). Configúrelos con npm run server -- webhooks set --help');
    else {
      console.log(`Webhooks: adaptador ${b.adapter}, ${b.signed ? 'con firma comprobada' : 'sin firma conocida: solo la lectura del documento (GET) cuenta'}, desde el ${shopDateTime(b.configuredAt ?? 0)}.`);
      console.log(`  Dirección que llama el servicio: ${b.hookUrl} (el final, secreto, se mostró al configurarla; webhooks set de nuevo hace otra)`);
    }
    console.log(b.listening ? `  Este proceso escucha en ${b.listening}.` : '  Este proceso no escucha webhooks: arránquelo con --webhooks-listen 127.0.0.1:4302 (detrás de un proxy o un túnel).');
    const n = b.numbers;
    console.log(`  Recibidos: ${n.received}${n.lastReceivedAt ? `, el último el ${shopDateTime(n.lastReceivedAt)}` : ''}; repetidos: ${n.replayed}; rechazados: ${n.refused.total}`
      + ` (firma o dirección ${n.refused.signature}, viejos ${n.refused.tooOld}, ilegibles ${n.refused.malformed}, demasiados a la vez ${n.refused.busy}).`);
    return;
  }
  if (what === 'clear') {
    const answer = await adminCall(dataDir, 'POST', '/admin/webhooks/clear');
    if (answer.status !== 200) throw new Error(`no se quitaron los webhooks: ${refusalText(answer.body)}`);
    const warning = (answer.body as { warning?: string | null }).warning;
    if (warning) console.error(warning);
    console.log((answer.body as { cleared?: boolean }).cleared
      ? 'Webhooks quitados: el servidor rechaza los que lleguen y confirma consultando al servicio. Quite también la dirección en el portal del proveedor.'
      : 'No había webhooks configurados.');
    return;
  }
  if (what === 'set') {
    const publicUrl = values['public-url'];
    if (!publicUrl) throw new Error('diga la dirección pública por la que el servicio llega a este servidor: webhooks set --public-url https://… (vea webhooks --help)');
    const adapter = values.adapter;
    if (adapter !== 'sandbox' && adapter !== 'manual') throw new Error(`--adapter es sandbox o manual, no ${adapter}`);
    const secret = adapter === 'manual' ? await readSecretFromStdin() : null;
    const answer = await adminCall(dataDir, 'POST', '/admin/webhooks', { adapter, publicUrl, secret });
    const b = answer.body as { hookUrl?: string; signed?: boolean; listening?: string | null };
    if (answer.status !== 200 || !b.hookUrl) throw new Error(`no se configuraron los webhooks: ${refusalText(answer.body)}`);
    console.log(adapter === 'sandbox'
      ? `Registrado en el servicio: llamará a ${b.hookUrl} y firma cada evento (la firma se comprueba).`
      : `Registre esta dirección en el portal del proveedor (su final es secreto): ${b.hookUrl}`);
    if (adapter === 'manual') console.log(secret ? 'Secreto guardado en el llavero de este computador; no se conoce el esquema de firma del proveedor: el servidor cree solo lo que lee del documento (GET).' : 'Sin secreto: el servidor no comprueba firmas; cree solo lo que lee del documento (GET).');
    if (!b.listening) console.log('Este proceso no escucha webhooks: arránquelo de nuevo con --webhooks-listen 127.0.0.1:4302 y ponga un proxy con certificado o un túnel delante (docs/shop-webhooks.md).');
    return;
  }
  throw new Error('diga qué hacer: webhooks set --public-url URL [--adapter sandbox|manual], webhooks show o webhooks clear (npm run server -- webhooks --help)');
}

/** The provider's secret, from stdin (a pipe, or typed at the prompt); empty: none. Never echoed back or logged. */
async function readSecretFromStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return readHiddenLine('Secreto de firma que muestra el proveedor (vacío: ninguno), y Intro: ');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > 4096) throw new Error('el secreto es demasiado largo (más de 4 KiB en la entrada)');
    chunks.push(b);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text === '' ? null : text;
}

/** One line typed at the terminal without showing it (Ctrl-C stops the command). */
function readHiddenLine(prompt: string): Promise<string | null> {
  process.stdout.write(prompt);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  let typed = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stdout.write('\n');
          resolve(typed.trim() === '' ? null : typed.trim());
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stdout.write('\n');
          reject(new Error('cancelado: no se cambió nada'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (typed.length < 4096) typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * A refusal of the admin routes in the owner's words: the known codes said in Spanish with what to do, others by
 * their own message (never raw JSON).
 */
function refusalText(body: unknown): string {
  const error = (body as { error?: { code?: unknown; message?: unknown; holder?: { number?: number; name?: string } } } | null)?.error;
  const which = rest[0] ?? '';
  switch (error?.code) {
    case 'unknown_till': return `no hay ninguna caja ${/^\d+$/.test(which) ? `n.º ${which}` : which}; vea las cajas con npm run server -- tills --data-dir ${dataDir}`;
    case 'till_name_taken': return `ese nombre ya lo tiene la caja n.º ${error.holder?.number ?? '?'} («${error.holder?.name ?? ''}»): elija otro`;
    case 'invalid_request': return `el servidor no entendió la orden (${typeof error.message === 'string' ? error.message : 'datos no válidos'}); vea npm run server -- ${command} --help`;
    case 'forbidden': return `el servidor no reconoce la clave de administración de ${dataDir}: ¿es esta la carpeta de datos del servidor en marcha?`;
    case 'no_backups': return 'el servidor arrancó sin --backup-dir: no guarda copias. Arránquelo con --backup-dir CARPETA';
    case 'webhook_setup': case 'keychain': return typeof error.message === 'string' ? error.message : 'datos no válidos';
    case 'not_found': return 'el servidor en marcha no conoce esta orden: ¿es de una versión anterior? Actualícelo y arránquelo de nuevo';
    default: break;
  }
  const message = error?.message;
  return typeof message === 'string' ? message : `respuesta inesperada del servidor (${String(JSON.stringify(body)).slice(0, 200)})`;
}

/**
 * Whether the server of this folder answers; the processes on its database (heartbeat), the database, the tills and
 * when each last spoke, the last server copy and its age; the addresses the tills type and Tienda's address here.
 * With --database-url the database is read directly (every process on it; none need answer).
 */
async function status(): Promise<void> {
  const databaseUrl = values['database-url'];
  if (databaseUrl) return statusOfDatabase(databaseUrl);
  const running = readRunningServer(dataDir);
  let facts: StatusFacts | null = null;
  let why = '';
  try {
    const answer = await adminCall(dataDir, 'GET', '/admin/status');
    if (answer.status === 200) facts = answer.body as StatusFacts;
    else why = refusalText(answer.body);
  } catch {
    // Nobody answers at its address: said below as "no responde".
  }
  console.log(facts
    ? `El servidor de ${dataDir} está en marcha (proceso ${running.pid}).`
    : why ? `El servidor de ${dataDir} responde, pero no dio su estado: ${why}.`
      : `El servidor de ${dataDir} no responde: póngalo en marcha (npm run server -- --data-dir ${dataDir}); las direcciones de abajo sirven entonces.`);
  if (facts) markVanished(facts);
  if (facts) for (const line of statusLines(facts, GONE_AFTER_MS, facts.database.kind === 'pglite' ? pgliteDir(dataDir) : 'la de --database-url')) console.log(line);
  await printNewestCopy(running.backupDir ?? null);
  printTillAddresses(running.tillAddresses ?? [], running.url);
  if (running.url.startsWith('https:')) console.log(`Huella del certificado (SHA-256): ${running.fingerprint}`);
  const key = readBackOfficeKey(dataDir);
  if (running.backOfficeUrl && key) console.log(`Tienda en este computador (solo aquí): ${running.backOfficeUrl}#key=${key}`);
  else console.log('Tienda en este computador: arranque el servidor con --back-office para abrirla aquí.');
  if (!facts) process.exitCode = 1;
}

/** A process of this computer that no longer exists is said at once (its last beat may still look fresh). */
function markVanished(facts: StatusFacts): void {
  for (const p of facts.processes) {
    if (p.stoppedAt !== null || p.host !== hostname()) continue;
    try {
      process.kill(p.pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') p.vanished = true;
    }
  }
}

async function printNewestCopy(folder: string | null): Promise<void> {
  const backupDir = values['backup-dir'] ? resolve(values['backup-dir']) : folder;
  if (backupDir && !existsSync(backupDir)) {
    console.log(`Copias del servidor: la carpeta ${backupDir} no existe (¿está conectado su disco?).`);
    return;
  }
  const copies = backupDir ? await listServerCopies(backupDir) : [];
  console.log(copyLine(copies[0] ? { file: copies[0].file, at: copies[0].at } : null, Date.now(), backupDir));
}

/** Status read from a PostgreSQL of the shop's own: every process that serves it, whether or not one runs here. */
async function statusOfDatabase(databaseUrl: string): Promise<void> {
  let db;
  try {
    db = await openPostgres(databaseUrl, 1);
  } catch (error) {
    throw new Error(databaseProblem(databaseUrl, error) ?? (error instanceof Error ? error.message : String(error)));
  }
  try {
    let facts: StatusFacts;
    try {
      const now = Date.now();
      facts = { ...await readServerStatus(db, now), invoicing: await readShopInvoicing(db, now) };
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') {
        throw new Error('esa base de datos no es (todavía) la de una tienda Mostrador, o es de una versión anterior: arranque el servidor con ella una vez (npm run server -- --database-url URL)');
      }
      throw error;
    }
    markVanished(facts);
    for (const line of statusLines(facts, GONE_AFTER_MS, 'la de --database-url')) console.log(line);
    await printNewestCopy(null);
    const live = facts.processes.some((p) => p.stoppedAt === null && !p.vanished && facts.now - p.beatAt <= GONE_AFTER_MS);
    if (!live) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

if (values.help || command === 'help') {
  // `npm run server -- pair --help` is pair's help; `help pair` too; alone, every command's.
  console.log(usage(command === 'help' ? rest[0] : command === 'serve' && positionals.length === 0 ? undefined : command));
  process.exit(0);
}
(command === 'serve' ? serve() : admin()).catch((error: unknown) => {
  // Plain words, never a stack trace: the owner reads this.
  console.error(`servidor de la tienda: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof DataFolderInUse ? EXIT_FOLDER_IN_USE : 1);
});
