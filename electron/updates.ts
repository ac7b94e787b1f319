/**
 * Updates for a packaged till (electron-updater, generic provider: the shop's own HTTPS folder holding the
 * installers and latest*.yml that `npm run dist` writes). The rule: an update is downloaded in the background but
 * installed only when the cashier closes Mostrador, and only if no sale is still on its way to the service and no
 * shift is open; otherwise it waits for a later close. It never restarts the app by itself. The decision is a pure
 * function (tested); `watchForUpdates` only attaches it to an updater.
 */

import type { UnsentSalesDto } from '../shared/bridge/types';
import { dispatch, type BridgeHandlers } from './core/bridge/dispatch';

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
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

/** How often a running till asks for a new version (it also asks once at start). */
export const UPDATE_CHECK_EVERY_MS = 4 * 60 * 60_000;

export interface UpdateWatch {
  /** At close, while the core still runs: whether a downloaded update may be installed now (logs why not). */
  mayInstallOnClose(till: TillState): boolean;
  /** After the core has stopped: quits into the installer, which starts Mostrador again. */
  install(): void;
  stop(): void;
}

export function watchForUpdates(updater: Updater, log: (line: string) => void, every = UPDATE_CHECK_EVERY_MS): UpdateWatch {
  // Never the library's own install-on-quit: it would not ask whether sales are unsent.
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.autoRunAppAfterInstall = true;
  let downloaded: string | null = null;
  updater.on('update-downloaded', (info) => {
    downloaded = info.version;
    log(`update ${info.version} downloaded; it installs when Mostrador is closed with every sale sent`);
  });
  updater.on('error', (error) => log(`update check failed: ${error.message}`));
  const check = () => { updater.checkForUpdates().catch((error: unknown) => log(`update check failed: ${error instanceof Error ? error.message : String(error)}`)); };
  check();
  const timer = setInterval(check, every);
  timer.unref?.();
  return {
    mayInstallOnClose(till) {
      const decision = decideUpdateOnClose(downloaded !== null, till);
      if (!decision.install && downloaded) log(`update ${downloaded} waits: ${decision.reason}`);
      return decision.install;
    },
    install() {
      log(`installing update ${downloaded ?? ''}`.trim());
      updater.quitAndInstall(true, true);
    },
    stop: () => clearInterval(timer),
  };
}
