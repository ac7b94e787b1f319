import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import { decideUpdateOnClose, readTillState, watchForUpdates, type Updater } from '../../../electron/updates';

describe('installing an update when the cashier closes Mostrador', () => {
  it('installs only a downloaded update, with every sale sent and no shift open', () => {
    expect(decideUpdateOnClose(true, { unsentSales: 0, shiftOpen: false })).toEqual({ install: true });
    expect(decideUpdateOnClose(false, { unsentSales: 0, shiftOpen: false })).toEqual({ install: false, reason: 'nothing downloaded' });
    expect(decideUpdateOnClose(true, { unsentSales: 1, shiftOpen: false })).toEqual({ install: false, reason: 'sales unsent' });
    expect(decideUpdateOnClose(true, { unsentSales: 0, shiftOpen: true })).toEqual({ install: false, reason: 'shift open' });
  });

  it('reads the till from the core (stand-in handlers): every unsent sale of every service, and an open shift', async () => {
    const core = (unsent: number | Error, shift: unknown) => ({
      'sales.unsent': async () => {
        if (unsent instanceof Error) throw unsent;
        return { count: unsent, oldestAt: null, alertAfterMinutes: 30, late: 0, at: 0 };
      },
      'shifts.current': async () => shift,
    }) as unknown as BridgeHandlers;
    expect(await readTillState(core(3, null))).toEqual({ unsentSales: 3, shiftOpen: false });
    expect(await readTillState(core(0, { id: 1 }))).toEqual({ unsentSales: 0, shiftOpen: true });
    // A core that cannot say counts as busy: no update installs on its word.
    expect(await readTillState(core(new Error('store closed'), null))).toEqual({ unsentSales: 1, shiftOpen: false });
  });
});

const signed = async () => ({ ok: true }) as const;
/** Lets the signature check (a promise) finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** electron-updater needs a packaged app and a release server: a stand-in updater (an EventEmitter) here. */
class StandInUpdater extends EventEmitter implements Updater {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  autoRunAppAfterInstall = false;
  checks = 0;
  installs: Array<[boolean | undefined, boolean | undefined]> = [];
  async checkForUpdates() { this.checks++; return null; }
  quitAndInstall(silent?: boolean, runAfter?: boolean) { this.installs.push([silent, runAfter]); }
}

describe('watchForUpdates with a stand-in updater (no packaged app here)', () => {
  it('downloads in the background but never lets the library install on quit by itself', () => {
    const updater = new StandInUpdater();
    const watch = watchForUpdates(updater, signed, () => {});
    expect(updater).toMatchObject({ autoDownload: true, autoInstallOnAppQuit: false, autoRunAppAfterInstall: true, checks: 1 });
    watch.stop();
  });

  it('keeps a downloaded update waiting while sales are unsent, and installs it at a clean close', async () => {
    const updater = new StandInUpdater();
    const lines: string[] = [];
    const watch = watchForUpdates(updater, signed, (line) => lines.push(line));
    expect(watch.mayInstallOnClose({ unsentSales: 0, shiftOpen: false })).toBe(false);
    updater.emit('update-downloaded', { version: '0.2.0', downloadedFile: '/cache/Mostrador-0.2.0.AppImage' });
    await settled();
    expect(watch.mayInstallOnClose({ unsentSales: 3, shiftOpen: false })).toBe(false);
    expect(lines.at(-1)).toBe('update 0.2.0 waits: sales unsent');
    expect(updater.installs).toEqual([]);
    expect(watch.mayInstallOnClose({ unsentSales: 0, shiftOpen: false })).toBe(true);
    expect(await watch.install()).toBe(true);
    expect(updater.installs).toEqual([[true, true]]);
    watch.stop();
  });
});
