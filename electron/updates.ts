/**
 * Updates for a packaged till (electron-updater, generic provider: the shop's own HTTPS folder holding the
 * installers and latest*.yml that `npm run dist` writes). The rule: an update is downloaded in the background but
 * installed only when the cashier closes Mostrador, and only if no sale is still on its way to the service and no
 * shift is open; otherwise it waits for a later close. It never restarts the app by itself. The decision is a pure
 * function (tested); `watchForUpdates` only attaches it to an updater. A downloaded update counts only once its Ed25519
 * signature checks out against the key built into the app (core/updates/update-signature.ts), and it is checked
 * again just before it installs; a refused update is logged, shown by `status()` and reported to the core
 * (`verdicts`, core/updates/update-refusal-notice.ts), which keeps it on screen until a good update or the owner.
 */

import type { UnsentSalesDto } from '../shared/bridge/types';
import { dispatch, type BridgeHandlers } from './core/bridge/dispatch';
import type { UpdateVerdicts } from './core/updates/update-refusal-notice';
import { describeRefusal, type SignatureCheck } from './core/updates/update-signature';

/** What the till is doing when it closes. */
export interface TillState {
  /** Sales not yet confirmed by the service: waiting, sending or queued (needs_attention waits for a person, not a send). */
  unsentSales: number;
  /** A cashier's shift is open (the core's `shifts.current`). */
  shiftOpen: boolean;
}

export type UpdateDecision =
  | { install: true }
  | { install: false; reason: 'nothing downloaded' | 'sales unsent' | 'shift open' };

export function decideUpdateOnClose(downloaded: boolean, till: TillState): UpdateDecision {
  if (!downloaded) return { install: false, reason: 'nothing downloaded' };
  if (till.unsentSales > 0) return { install: false, reason: 'sales unsent' };
  if (till.shiftOpen) return { install: false, reason: 'shift open' };
  return { install: true };
}

/**
 * What the core says of the till at close: its unsent sales (`sales.unsent`, every service's) and whether a shift is
 * open (`shifts.current`). When the core cannot say, the till counts as busy, so no update installs now.
 */
export async function readTillState(handlers: BridgeHandlers): Promise<TillState> {
  const [unsent, shift] = await Promise.all([dispatch(handlers, 'sales.unsent', {}), dispatch(handlers, 'shifts.current', {})]);
  return {
    unsentSales: unsent.ok ? (unsent.value as UnsentSalesDto).count : 1,
    shiftOpen: !shift.ok || shift.value !== null,
  };
}

/** The part of electron-updater's AppUpdater used here. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  autoRunAppAfterInstall: boolean;
  on(event: 'update-downloaded', listener: (info: { version: string; downloadedFile: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

/** How often a running till asks for a new version (it also asks once at start). */
export const UPDATE_CHECK_EVERY_MS = 4 * 60 * 60_000;

/** Checks a downloaded file's signature (checkDownloadedUpdate with the app's feed and fetch). */
export type VerifyUpdate = (downloadedFile: string) => Promise<SignatureCheck>;

/** What the app can say about updates: nothing pending, one verified and waiting for a close, or one refused. */
export type UpdateStatus =
  | { state: 'none' }
  | { state: 'checking'; version: string }
  | { state: 'ready'; version: string }
  | { state: 'refused'; version: string; reason: SignatureCheck & { ok: false } };

export interface UpdateWatch {
  /** At close, while the core still runs: whether a downloaded update may be installed now (logs why not). */
  mayInstallOnClose(till: TillState): boolean;
  /** After the core has stopped: verifies the file once more, then quits into the installer (true) or refuses (false). */
  install(): Promise<boolean>;
  status(): UpdateStatus;
  stop(): void;
}

export interface WatchOptions {
  /** The core's notice: each verdict is reported there (the owner sees a refused update on screen). */
  verdicts?: UpdateVerdicts;
  every?: number;
}

export function watchForUpdates(updater: Updater, verify: VerifyUpdate, log: (line: string) => void, options: WatchOptions = {}): UpdateWatch {
  const { verdicts, every = UPDATE_CHECK_EVERY_MS } = options;
  // A report that fails (the core closing) must not stop the watch: the log still says what happened.
  const report = (say: (to: UpdateVerdicts) => void) => {
    if (!verdicts) return;
    try {
      say(verdicts);
    } catch (error) {
      log(`update verdict not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // Never the library's own install-on-quit: it would not ask whether sales are unsent, nor check our signature.
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.autoRunAppAfterInstall = true;
  let status: UpdateStatus = { state: 'none' };
  let downloaded: { version: string; file: string } | null = null;
  const refuse = (version: string, check: SignatureCheck & { ok: false }) => {
    downloaded = null;
    status = { state: 'refused', version, reason: check };
    log(`update ${version} refused: ${describeRefusal(check)}`);
    report((to) => to.refused(version, check));
  };
  const checked = (file: string) => verify(file).catch((error: unknown): SignatureCheck => (
    { ok: false, reason: 'update unreadable', detail: error instanceof Error ? error.message : String(error) }
  ));
  updater.on('update-downloaded', (info) => {
    // Until its signature checks out, the update does not count as downloaded: a close meanwhile installs nothing.
    downloaded = null;
    status = { state: 'checking', version: info.version };
    void checked(info.downloadedFile).then((check) => {
      if (!check.ok) { refuse(info.version, check); return; }
      downloaded = { version: info.version, file: info.downloadedFile };
      status = { state: 'ready', version: info.version };
      report((to) => to.verified(info.version));
      log(`update ${info.version} downloaded and signed by Mostrador; it installs when Mostrador is closed with every sale sent`);
    });
  });
  updater.on('error', (error) => log(`update check failed: ${error.message}`));
  const check = () => { updater.checkForUpdates().catch((error: unknown) => log(`update check failed: ${error instanceof Error ? error.message : String(error)}`)); };
  check();
  const timer = setInterval(check, every);
  timer.unref?.();
  return {
    mayInstallOnClose(till) {
      const decision = decideUpdateOnClose(downloaded !== null, till);
      if (!decision.install && downloaded) log(`update ${downloaded.version} waits: ${decision.reason}`);
      return decision.install;
    },
    async install() {
      const pending = downloaded;
      if (!pending) return false;
      // The file sat in a cache folder since it was checked: check it again right before it runs.
      const again = await checked(pending.file);
      if (!again.ok) { refuse(pending.version, again); return false; }
      log(`installing update ${pending.version}`);
      updater.quitAndInstall(true, true);
      return true;
    },
    status: () => status,
    stop: () => clearInterval(timer),
  };
}
