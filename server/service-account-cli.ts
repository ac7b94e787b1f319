/**
 * `npm run server -- service-account set|show|clear` (issue 28): the invoicing service's credentials at the shop
 * server, entered by the owner at the server's machine. The client secret is read from the standard input (never
 * from the command line, where other users and the shell's history see it) and kept in this machine's keychain; the
 * database holds the address, the client id, the account's key and whether the service refused them.
 *
 * The running server of --data-dir is told through its admin routes; with --database-url the database is written
 * directly; with --data-dir and no server running, its embedded store is opened here (the folder locked meanwhile).
 */
import { createInterface } from 'node:readline';
import { rateAccountKey } from '../common/invoicing/account-key';
import { lockDataFolder } from '../common/data-folder-lock';
import { adminCall } from './admin-client';
import { shopDateTime } from './cli-text';
import { pgliteDir, readRunningServer } from './data-dir';
import { databaseProblem } from './db/connect-error';
import { serviceAccountSchema, shownAccount } from './http/admin-routes';
import { keychainSecrets, type ServiceSecrets } from './confirm/keychain';
import { openStore } from './open-store';
import { clearServiceAccount, readServiceAccount, setServiceAccount } from './store/confirmations';

interface Shown { serviceUrl: string; clientId: string; accountKey: string; state: 'set' | 'refused'; refusedAt: number | null; updatedAt: number }

export interface ServiceAccountArgs {
  sub: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  serviceUrl: string | undefined;
  clientId: string | undefined;
  secrets?: ServiceSecrets;
}

const USAGE = 'npm run server -- service-account set --service-url URL --client-id ID (el secreto por la entrada estándar) | show | clear';

export async function serviceAccountCommand(args: ServiceAccountArgs): Promise<void> {
  const secrets = args.secrets ?? keychainSecrets();
  if (args.sub === 'set') return set(args, secrets);
  if (args.sub === 'show') return show(args, secrets);
  if (args.sub === 'clear') return clear(args, secrets);
  throw new Error(`diga qué hacer con la cuenta del servicio: ${USAGE}`);
}

async function set(args: ServiceAccountArgs, secrets: ServiceSecrets): Promise<void> {
  if (!args.serviceUrl || !args.clientId) throw new Error(`faltan la dirección del servicio o el id de cliente: ${USAGE}`);
  const parsed = serviceAccountSchema.safeParse({ serviceUrl: args.serviceUrl, clientId: args.clientId });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw new Error(field === 'serviceUrl'
      ? `--service-url debe ser la dirección del servicio de facturación (https://…), no «${args.serviceUrl.slice(0, 80)}»`
      : '--client-id debe ser el id de cliente que le dio el servicio (sin espacios)');
  }
  const { serviceUrl, clientId } = parsed.data;
  const secret = (await readSecret()).trim();
  if (secret === '') throw new Error('no llegó ningún secreto por la entrada estándar: escríbalo cuando se le pida, o páselo así: printf %s "$SECRETO" | npm run server -- service-account set …');
  if (secret.length > 1_000) throw new Error('el secreto es demasiado largo (más de 1000 caracteres): ¿es el secreto del cliente?');
  const accountKey = rateAccountKey(serviceUrl, clientId);
  // The secret first: a server that sees the new version then finds it in the keychain.
  await secrets.set(accountKey, secret);
  const before = await withAccounts(args, async (store) => store.get());
  const after = await withAccounts(args, async (store) => store.set(serviceUrl, clientId));
  if (before && before.accountKey !== accountKey) await secrets.delete(before.accountKey).catch(() => false);
  console.log(`Credenciales guardadas: ${after.clientId} en ${after.serviceUrl}. El secreto queda en el llavero de este computador (nunca en la base de datos).`);
  console.log('El servidor confirma desde ahora los documentos de las cajas que usan esta cuenta; las de otra cuenta siguen confirmando por sí mismas.');
}

async function show(args: ServiceAccountArgs, secrets: ServiceSecrets): Promise<void> {
  const account = await withAccounts(args, (store) => store.get());
  if (!account) {
    console.log(`El servidor no tiene credenciales del servicio de facturación: cada caja confirma sus documentos por sí misma. Escríbalas con ${USAGE.split(' | ')[0]}`);
    return;
  }
  let inKeychain: boolean | null = null;
  try {
    inKeychain = (await secrets.get(account.accountKey)) !== null;
  } catch {
    inKeychain = null;
  }
  console.log(`Servicio: ${account.serviceUrl}`);
  console.log(`Id de cliente: ${account.clientId}`);
  console.log(account.state === 'set'
    ? 'Estado: en uso; el servidor confirma los documentos de las cajas de esta cuenta.'
    : `Estado: RECHAZADAS por el servicio${account.refusedAt ? ` el ${shopDateTime(account.refusedAt)}` : ''}; las cajas confirman por sí mismas. Escríbalas de nuevo con service-account set.`);
  console.log(inKeychain === null ? 'Secreto: no se pudo leer el llavero de este computador.'
    : inKeychain ? 'Secreto: guardado en el llavero de este computador (no se muestra).'
      : 'Secreto: NO está en el llavero de este computador: este servidor no puede confirmar; escríbalo con service-account set aquí.');
  console.log(`Guardadas el ${shopDateTime(account.updatedAt)}.`);
}

async function clear(args: ServiceAccountArgs, secrets: ServiceSecrets): Promise<void> {
  const before = await withAccounts(args, (store) => store.clear());
  if (!before) {
    console.log('El servidor no tenía credenciales del servicio: nada que borrar.');
    return;
  }
  await secrets.delete(before.accountKey);
  console.log(`Credenciales de ${before.clientId} borradas del servidor y del llavero de este computador: cada caja confirma sus documentos por sí misma desde ahora.`);
}

interface Accounts {
  get(): Promise<Shown | null>;
  set(serviceUrl: string, clientId: string): Promise<Shown>;
  clear(): Promise<Shown | null>;
}

/** The account's row through the running server, the database of --database-url, or the stopped server's store. */
async function withAccounts<T>(args: ServiceAccountArgs, use: (store: Accounts) => Promise<T>): Promise<T> {
  if (!args.databaseUrl && runningAnswers(args.dataDir)) {
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Shown | null> => {
      const answer = await adminCall(args.dataDir, method, path, body);
      const reply = answer.body as { account?: Shown | null; error?: { message?: string } };
      if (answer.status !== 200) throw new Error(`el servidor no lo aceptó: ${reply.error?.message ?? `respuesta ${answer.status}`}`);
      return reply.account ?? null;
    };
    try {
      return await use({
        get: () => call('GET', '/admin/service-account'),
        set: async (serviceUrl, clientId) => (await call('POST', '/admin/service-account', { serviceUrl, clientId }))!,
        clear: () => call('POST', '/admin/service-account/clear', {}),
      });
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('no responde')) throw error;
      // The server of the folder stopped since it wrote its address: its store is opened here instead.
    }
  }
  const lock = args.databaseUrl ? null : lockDataFolder(args.dataDir, 'shop server');
  try {
    const db = await openStore(args.databaseUrl ? { databaseUrl: args.databaseUrl } : { pgliteDir: pgliteDir(args.dataDir) }).catch((error: unknown) => {
      const problem = args.databaseUrl ? databaseProblem(args.databaseUrl, error) : null;
      throw problem ? new Error(problem) : error;
    });
    try {
      const shown = async (value: Parameters<typeof shownAccount>[0]) => (shownAccount(value).account as Shown | null);
      return await use({
        get: async () => shown(await readServiceAccount(db)),
        set: async (serviceUrl, clientId) => (await shown(await setServiceAccount(db, serviceUrl, clientId, rateAccountKey(serviceUrl, clientId), Date.now())))!,
        clear: async () => shown(await clearServiceAccount(db)),
      });
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}

function runningAnswers(dataDir: string): boolean {
  try {
    readRunningServer(dataDir);
    return true;
  } catch {
    return false;
  }
}

/** The secret from the standard input: typed without echo at a terminal, else the first line piped in. */
async function readSecret(): Promise<string> {
  const input = process.stdin;
  if (input.isTTY) {
    process.stderr.write('Secreto del cliente (no se muestra; Enter para terminar): ');
    return new Promise((resolve) => {
      let text = '';
      input.setRawMode(true);
      input.resume();
      input.setEncoding('utf8');
      const onData = (chunk: string) => {
        for (const ch of chunk) {
          if (ch === '\r' || ch === '\n' || ch === '\u0004') {
            input.setRawMode(false);
            input.pause();
            input.off('data', onData);
            process.stderr.write('\n');
            resolve(text);
            return;
          }
          if (ch === '\u0003') process.exit(130);
          if (ch === '\u007f') text = text.slice(0, -1);
          else text += ch;
        }
      };
      input.on('data', onData);
    });
  }
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}
