/**
 * Browser mode: `npx tsx electron/web.ts [--port 5174] [--data-dir <dir>] [--no-open]`. Runs the core and serves
 * the renderer on 127.0.0.1; prints `Mostrador (browser mode): <url>` once ready and stops cleanly on SIGTERM/SIGINT.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDataDir } from './browser/data-dir';
import { watchFolderForUpdates } from './browser/folder-updates';
import { DataFolderInUse, EXIT_FOLDER_IN_USE } from '../common/data-folder-lock';
import { startBrowserHost } from '../common/web-host/host';
import { composePosApp, shopDiscovery } from './compose';
import { dispatch } from './core/bridge/dispatch';
import { receiveUpload } from './core/uploads/upload-store';
import { bundledImportWorker, sourceImportWorker } from './core/app/catalog-import-runner';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run start:web -- [--port 5174] [--data-dir <folder>] [--no-open]';

function parseOptions(argv: string[]): { port: number; dataDir: string; open: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, 'no-open': { type: 'boolean' } },
  });
  const port = values.port === undefined ? 5174 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0 to 65535, got "${values.port}"`);
  return { port, dataDir: values['data-dir'] || defaultDataDir(), open: !values['no-open'] };
}

/** Best effort: a missing opener only means the user copies the printed address. */
function openInBrowser(url: string): void {
  const [command, args] = process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]]
    : process.platform === 'darwin' ? ['open', [url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // see above
  }
}

async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const composed = await composePosApp({
    dataDir: options.dataDir,
    shell: 'browser',
    version,
    log,
    // Bundled (dist/web.mjs): the worker's bundle beside it; from source (tsx): the worker's source under tsx.
    importWorker: import.meta.url.endsWith('.ts') ? sourceImportWorker(ROOT) : bundledImportWorker(fileURLToPath(new URL('.', import.meta.url)), 'mjs'),
    // Whoever started the till sees why a first start after an update takes a while (a new, empty file is quick).
    onMigrationProgress: ({ step, of, version }) => {
      if (version > step) process.stdout.write(`Actualizando la base de datos (${step}/${of})…\n`);
    },
    // Tests point this at a throwaway keychain entry name.
    ...(process.env.MOSTRADOR_KEYCHAIN_SERVICE ? { keychainService: process.env.MOSTRADOR_KEYCHAIN_SERVICE } : {}),
    // The look for the server on the network (issue 27) only on the interface named (tests: 127.0.0.1).
    ...(process.env.MOSTRADOR_MDNS_INTERFACE ? { shop: shopDiscovery(process.env.MOSTRADOR_MDNS_INTERFACE) } : {}),
  });
  const host = await startBrowserHost({
    call: (method, input) => dispatch(composed.app.handlers, method, input, {
      onInternalError: (name, error) => log(`bridge ${name} failed: ${error instanceof Error ? error.message : 'unknown error'}`),
    }),
    subscribe: (listener) => composed.app.subscribe(listener),
    upload: (body) => receiveUpload(composed.uploads, body),
    staticDir: join(ROOT, 'dist', 'renderer'),
    key: randomBytes(24).toString('base64url'),
    port: options.port,
    log,
  });

  // No updater in browser mode; a local update folder, when named, is checked like a download (folder-updates.ts).
  const updateFolder = process.env.MOSTRADOR_UPDATE_FOLDER;
  const updates = updateFolder ? watchFolderForUpdates(updateFolder, composed.app.updates, log) : null;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    updates?.stop();
    await host.close();
    await composed.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());

  process.stdout.write(`Mostrador (browser mode): ${host.url}\n`);
  if (options.open) openInBrowser(host.url);
}

main().catch((error: unknown) => {
  // A second till on a folder in use: its own sentence (Spanish, naming the folder and the running process) and code.
  if (error instanceof DataFolderInUse) {
    process.stderr.write(`${error.message}\n`);
    process.exit(EXIT_FOLDER_IN_USE);
  }
  process.stderr.write(`Mostrador could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
