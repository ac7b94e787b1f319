/**
 * Electron main: wiring only. One instance, one secure window on the app's own page (served on the app://
 * scheme from the packaged files), the core composed in the user-data folder, its bridge on IPC and its events
 * relayed to the page, receipts printed from the window, updates installed only at a safe close.
 * Every decision lives in tested modules (window.ts, app-files.ts, ipc.ts, printing.ts, updates.ts, compose.ts
 * and the core).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session } from 'electron';
import type { AppInfoDto, UnsentSalesDto } from '../shared/bridge/types';
import { APP_PAGE_URL } from './app-files';
import { registerAppScheme, serveAppFiles } from './app-protocol';
import { DataFolderInUse, EXIT_FOLDER_IN_USE } from '../common/data-folder-lock';
import { composePosApp, shopDiscovery, type ComposedApp } from './compose';
import { dispatch } from './core/bridge/dispatch';
import { bundledImportWorker } from './core/app/catalog-import-runner';
import { checkDownloadedUpdate, feedUrlFromAppUpdateYml } from './core/updates/update-signature';
import { registerBridgeIpc, sendBridgeEvent } from './ipc';
import { createWindowReceiptPrinter } from './printing';
import { quitQuestion } from './quit-check';
import { readTillState, watchForUpdates, type UpdateWatch } from './updates';
import { cashierWindowOptions, hardenSession, hardenWindow } from './window';

// Bundled as dist/electron/main.cjs, next to preload.cjs; the renderer is built into dist/renderer and served as
// app://mostrador/… (never file://).
const APP_URL = APP_PAGE_URL;
const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const PRELOAD = path.join(__dirname, 'preload.cjs');
/** Quitting never hangs on a core that does not stop. */
const STOP_TIMEOUT_MS = 5_000;

let window: BrowserWindow | null = null;
let core: ComposedApp | null = null;
let updates: UpdateWatch | null = null;
const stops: Array<() => void> = [];

const log = (line: string) => process.stderr.write(`${line}\n`);
const liveContents = () => (window && !window.isDestroyed() ? window.webContents : null);

function openWindow(): BrowserWindow {
  const created = new BrowserWindow(cashierWindowOptions(PRELOAD, { devTools: !app.isPackaged }));
  hardenWindow(created.webContents, APP_URL);
  created.once('ready-to-show', () => created.show());
  created.on('closed', () => {
    if (window === created) window = null;
  });
  created.loadURL(APP_URL).catch((error: unknown) =>
    log(`the app page did not load (is dist/renderer built?): ${error instanceof Error ? error.message : String(error)}`));
  return created;
}

function focusWindow(): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, APP_URL);
  serveAppFiles(protocol, RENDERER_DIR);
  try {
    core = await composePosApp({
      dataDir: app.getPath('userData'),
      shell: 'electron',
      version: app.getVersion(),
      printer: createWindowReceiptPrinter(liveContents),
      log,
      shop: shopDiscovery(),
      // Bundled beside main.cjs by scripts/build-electron.mjs.
      importWorker: bundledImportWorker(__dirname, 'cjs'),
    });
  } catch (error) {
    // Another Mostrador (browser mode, or another user's Electron) on this data folder: its own Spanish sentence.
    const inUse = error instanceof DataFolderInUse;
    dialog.showErrorBox('Mostrador', inUse ? error.message : `Mostrador could not start: ${error instanceof Error ? error.message : String(error)}`);
    app.exit(inUse ? EXIT_FOLDER_IN_USE : 1);
    return;
  }
  const composed = core;
  stops.push(registerBridgeIpc(ipcMain, (method, input) => dispatch(composed.app.handlers, method, input, {
    onInternalError: (name, error) => log(`bridge ${name} failed: ${error instanceof Error ? error.message : 'unknown error'}`),
  }), APP_URL, composed.uploads));
  stops.push(composed.app.subscribe((message) => {
    const contents = liveContents();
    if (contents) sendBridgeEvent(contents, message);
  }));
  window = openWindow();
  if (app.isPackaged) void startUpdates();
}

/** Only a build made with an update URL (scripts/dist.mjs) carries app-update.yml; without it there is nothing to ask. */
async function startUpdates(): Promise<void> {
  const config = path.join(process.resourcesPath, 'app-update.yml');
  if (!existsSync(config)) {
    log('updates are off: this build names no update URL');
    return;
  }
  try {
    // The signature is fetched from the same folder as the update, through Electron's network stack (its proxy).
    const feedUrl = feedUrlFromAppUpdateYml(readFileSync(config, 'utf8'));
    const verify = (downloadedFile: string) => checkDownloadedUpdate({ downloadedFile, feedUrl, fetch: (url) => net.fetch(url, { cache: 'no-store' }) });
    const { autoUpdater } = await import('electron-updater');
    // Each verdict goes to the core: a refused update is shown to the owner until a good one or a dismissal.
    updates = watchForUpdates(autoUpdater, verify, log, core ? { verdicts: core.app.updates } : {});
  } catch (error) {
    log(`updates are off: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Asks before quitting with unsent sales (how many, how old); true = quit. A core that cannot say lets the cashier quit. */
async function confirmQuit(): Promise<boolean> {
  const current = core;
  if (!current) return true;
  const [unsent, info] = await Promise.all([
    dispatch(current.app.handlers, 'sales.unsent', {}), dispatch(current.app.handlers, 'app.info', {}),
  ]);
  const question = unsent.ok ? quitQuestion(unsent.value as UnsentSalesDto, info.ok ? (info.value as AppInfoDto).locale : 'es-CO') : null;
  if (!question) return true;
  const options = { type: 'warning' as const, message: question.message, detail: question.detail, buttons: question.buttons, defaultId: 1, cancelId: 1 };
  const parent = window && !window.isDestroyed() ? window : null;
  const answer = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return answer.response === 0;
}

/** Stops the core; true when a downloaded update may now be installed (decided while the core could still say). */
async function stopCore(): Promise<boolean> {
  for (const stop of stops.splice(0)) stop();
  const current = core;
  core = null;
  if (!current) return false;
  const installUpdate = updates ? updates.mayInstallOnClose(await readTillState(current.app.handlers).catch(() => ({ unsentSales: 1, shiftOpen: true }))) : false;
  updates?.stop();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => { timer = setTimeout(resolve, STOP_TIMEOUT_MS); });
  await Promise.race([current.close().catch((error) => log(`stopping the core failed: ${(error as Error).message}`)), timeout]);
  clearTimeout(timer);
  return installUpdate;
}

// One data folder whatever the app's package name, set before the single-instance lock, which lives in it.
app.setPath('userData', path.join(app.getPath('appData'), 'Mostrador'));
// Privileged schemes are read once, before the app is ready.
registerAppScheme(protocol);

if (!app.requestSingleInstanceLock()) {
  // Another Mostrador owns the data folder; it is told (second-instance) and comes to the front.
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', focusWindow);
  app.on('web-contents-created', (_event, contents) => {
    // Whatever web contents ever appear, none may open windows or embed webviews.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.on('window-all-closed', () => app.quit());
  app.on('activate', () => {
    if (core && !window) window = openWindow();
  });

  let quitting: 'no' | 'asking' | 'stopping' | 'done' = 'no';
  // A signal (the system shutting down, a service manager) quits without asking: nobody is there to answer.
  let askBeforeQuit = true;
  app.on('before-quit', (event) => {
    if (quitting === 'done') return;
    event.preventDefault();
    if (quitting !== 'no') return;
    quitting = 'asking';
    void (askBeforeQuit ? confirmQuit().catch(() => true) : Promise.resolve(true)).then((quit) => {
      if (!quit) { quitting = 'no'; return; }
      quitting = 'stopping';
      return stopCore().catch(() => false).then((installUpdate) => {
        quitting = 'done';
        // A file whose signature fails the last check is not installed: Mostrador just quits.
        if (installUpdate && updates) void updates.install().then((installing) => { if (!installing) app.quit(); }, () => app.quit());
        else app.quit();
      });
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { askBeforeQuit = false; app.quit(); });

  app.whenReady().then(start, (error: unknown) => {
    log(`Electron did not start: ${error instanceof Error ? error.message : String(error)}`);
    app.exit(1);
  });
}
