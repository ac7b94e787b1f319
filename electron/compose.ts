/**
 * Composition: opens the installation's data file, the keychain and the embedded demo service, and hands them to
 * the core. The only place (besides tests) that imports the sandbox: the demo service is the sandbox, persistent in
 * the data folder, with a client secret made up per launch and kept in memory only.
 */
import { browseShopServer } from '../common/shop-discovery';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { DEMO_SELLER } from '../sandbox/seller';
import type { SellerDto } from '../shared/bridge/types';
import type { ReceiptPrinter } from './core/app/app-context';
import { createPosApp, type PosApp, type PosAppOptions } from './core/app/pos-app';
import type { DemoServiceProvider } from './core/app/service-connection';
import type { CredentialStore } from './core/secrets/credential-store';
import { createKeytarCredentialStore } from './core/secrets/keytar-store';
import { openStore, type Store, type StoreOptions } from './core/store';
import { removeStaleInspections, replaceDataFile } from './core/backup/restore';
import type { BridgeHandlers } from './core/bridge/dispatch';
import type { PosEvent } from './core/app/pos-app';
import { holdYoungGeneration } from './core/app/heap-relief';
import { createUploadStore, type UploadStore } from './core/uploads/upload-store';
import { LIMITS } from '../shared/limits';
import { DataFolderInUse, lockDataFolder, type DataFolderLock } from '../common/data-folder-lock';
import { tillFolderInUseText } from './data-folder-text';

export const DATA_FILE = 'mostrador.sqlite';
export const DEMO_SERVICE_FILE = 'demo-service.sqlite';
/** Files handed over for an import, kept for an hour at most; emptied at every start. */
export const UPLOADS_DIR = 'uploads';

export interface ComposeOptions {
  dataDir: string;
  shell: 'electron' | 'browser';
  version: string;
  printer?: ReceiptPrinter;
  /** Keychain service name; tests use their own so they never touch the user's entries. */
  keychainService?: string;
  credentials?: CredentialStore;
  /** How long the demo service takes to "validate" an invoice (default 2 s, like the sandbox). */
  demoValidationDelayMs?: number;
  api?: PosAppOptions['api'];
  engine?: PosAppOptions['engine'];
  printing?: PosAppOptions['printing'];
  shop?: PosAppOptions['shop'];
  log?: (line: string) => void;
  /** The clock of the store and the app (tests move it forward to lift a pause); Date.now by default. */
  now?: () => number;
  /** Each schema migration a start runs, before it runs (see store/migrations.ts). */
  onMigrationProgress?: StoreOptions['onMigrationProgress'];
  /** Where the catalog import's worker is (core/app/catalog-import-runner.ts); its source under tsx by default. */
  importWorker?: PosAppOptions['importWorker'];
}

export interface ComposedApp {
  app: PosApp;
  /** Where the shell puts a file the screen hands over as a file (browser mode's upload, Electron's IPC). */
  uploads: UploadStore;
  close(): Promise<void>;
}

/** The demo seller as the receipt shows it; its resolution is the sandbox's seeded invoice range. */
export const DEMO_SELLER_SETTINGS: SellerDto = {
  name: DEMO_SELLER.name,
  nit: DEMO_SELLER.nit,
  dv: DEMO_SELLER.dv,
  address: DEMO_SELLER.address,
  phone: '601 555 0100',
  email: DEMO_SELLER.email,
  municipalityCode: DEMO_SELLER.municipality_code,
  resolutionText: 'DEMO — Resolución DIAN 18760000001, prefijo SETP, del 990000000 al 995000000. Sin validez fiscal.',
};

export function demoServiceProvider(opts: { dbPath: string; validationDelayMs?: number; log: (line: string) => void }): DemoServiceProvider {
  let running: Promise<RunningSandbox> | null = null;
  return {
    start() {
      running ??= startSandbox({
        port: 0,
        db: opts.dbPath,
        clientId: 'fc_demo',
        // Nobody needs to know it: the app is the only client, and it gets it from here.
        clientSecret: randomBytes(24).toString('base64url'),
        validationDelayMs: opts.validationDelayMs ?? 2_000,
      }).then((sandbox) => {
        opts.log('embedded demo service started');
        return sandbox;
      });
      running.catch(() => { running = null; });
      return running;
    },
    async stop() {
      const current = running;
      running = null;
      if (current) await (await current.catch(() => null))?.close();
    },
  };
}

/**
 * Opens the till on its data folder. The app handed back stays the same object across a restore: restoring closes
 * the till, swaps the data file (core/backup/restore.ts) and opens it again through this same start, while calls
 * that arrive meanwhile wait for it. A restore interrupted by a crash is finished at the next start.
 */
export async function composePosApp(opts: ComposeOptions): Promise<ComposedApp> {
  mkdirSync(opts.dataDir, { recursive: true });
  // One till per data folder (issue 25), whichever shell: locked before anything in it is opened or written.
  const lock = lockTillFolder(opts.dataDir);
  try {
    return await composeLocked(opts, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The folder's lock, or the refusal in the till's words (DataFolderInUse still, for the shells' exit code). */
function lockTillFolder(dataDir: string): DataFolderLock {
  try {
    return lockDataFolder(dataDir, 'till');
  } catch (error) {
    if (error instanceof DataFolderInUse) throw new DataFolderInUse(error.folder, error.owner, tillFolderInUseText(error));
    throw error;
  }
}

async function composeLocked(opts: ComposeOptions, lock: DataFolderLock): Promise<ComposedApp> {
  const log = opts.log ?? (() => {});
  const listeners = new Set<(event: PosEvent) => void>();
  // Outlives a restore's reopen: a file chosen before it is still there after.
  const uploads = createUploadStore({ dir: join(opts.dataDir, UPLOADS_DIR), maxBytes: LIMITS.catalogFileBytes });
  let reopening: Promise<void> | null = null;

  async function open(): Promise<{ app: PosApp; store: Store; unsubscribe: () => void }> {
    const restored = await replaceDataFile(opts.dataDir, DATA_FILE, Date.now);
    if (restored) log(`a backup was restored${restored.replaced ? `; the previous data file is kept as ${restored.replaced}` : ''}`);
    await removeStaleInspections(opts.dataDir);
    const store = openStore({
      path: join(opts.dataDir, DATA_FILE), ...(opts.now ? { now: opts.now } : {}), ...(opts.onMigrationProgress ? { onMigrationProgress: opts.onMigrationProgress } : {}),
    });
    const app = createPosApp({
      store,
      credentials: opts.credentials ?? createKeytarCredentialStore(opts.keychainService ? { service: opts.keychainService } : {}),
      demo: demoServiceProvider({
        dbPath: join(opts.dataDir, DEMO_SERVICE_FILE),
        ...(opts.demoValidationDelayMs !== undefined ? { validationDelayMs: opts.demoValidationDelayMs } : {}),
        log,
      }),
      demoSeller: DEMO_SELLER_SETTINGS,
      shell: opts.shell,
      version: opts.version,
      log,
      backup: { dataDir: opts.dataDir, dataFile: DATA_FILE, reopen },
      uploads,
      ...(opts.importWorker ? { importWorker: opts.importWorker } : {}),
      ...(opts.printer ? { printer: opts.printer } : {}),
      ...(opts.api ? { api: opts.api } : {}),
      ...(opts.engine ? { engine: opts.engine } : {}),
      ...(opts.printing ? { printing: opts.printing } : {}),
      ...(opts.shop ? { shop: opts.shop } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
    try {
      await app.start();
    } catch (error) {
      await app.close().catch(() => {});
      store.close();
      throw error;
    }
    const unsubscribe = app.subscribe((event) => {
      for (const listener of listeners) listener(event);
    });
    return { app, store, unsubscribe };
  }

  let current = await open();
  // Started: the young generation keeps the size the start gave it (heap-relief.ts).
  holdYoungGeneration();

  async function reopen(): Promise<void> {
    const work = (async () => {
      const old = current;
      old.unsubscribe();
      await old.app.close();
      old.store.close();
      current = await open();
    })();
    reopening = work.finally(() => { reopening = null; });
    await reopening;
  }

  const handlers = Object.fromEntries(Object.keys(current.app.handlers).map((method) => [method, async (input: unknown) => {
    if (reopening) await reopening.catch(() => {});
    return (current.app.handlers as unknown as Record<string, (input: unknown) => Promise<unknown>>)[method]!(input);
  }])) as unknown as BridgeHandlers;

  const app: PosApp = {
    handlers,
    start: async () => {},
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await current.app.close();
    },
    // Always the till open now (a restore reopens it on another file, which then keeps the notice).
    updates: {
      refused: (version, check) => current.app.updates.refused(version, check),
      verified: (version) => current.app.updates.verified(version),
    },
  };
  return {
    app,
    uploads,
    async close() {
      await reopening?.catch(() => {});
      current.unsubscribe();
      await current.app.close();
      current.store.close();
      uploads.close();
      lock.release();
    },
  };
}

/**
 * The till's look for its server on the shop's network (issue 27; common/shop-discovery.ts), when none of its
 * addresses answers: at most 3 s, ended at the first announce of the pinned certificate. `interfaceHost` is the
 * interface to browse on (absent: the system's default); the browser-mode host uses it only when told
 * (MOSTRADOR_MDNS_INTERFACE), so tests never send mDNS off this computer.
 */
export function shopDiscovery(interfaceHost?: string): NonNullable<ComposeOptions['shop']> {
  return { browse: (pin) => browseShopServer({ fingerprint: pin, timeoutMs: 3_000, first: true, ...(interfaceHost ? { interfaceHost } : {}) }) };
}
