/**
 * Issue 19 §7, "an unsigned or wrongly signed update is refused and reported": the path a packaged till runs, with
 * only electron-updater's download stood in for (it needs a packaged app). Real Ed25519 keys, real files signed by
 * the release script (scripts/sign-update.mjs), the update folder served over real HTTP on 127.0.0.1, the real
 * signature check (checkDownloadedUpdate) and the real composed core on a data folder: the refusal reaches the
 * status snapshot the screens read, survives a restart, and goes with a good update or the owner's dismissal.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { composePosApp, type ComposedApp } from '../../../electron/compose';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import { restrictionOf } from '../../../electron/core/people/cashier-rules';
import { checkDownloadedUpdate } from '../../../electron/core/updates/update-signature';
import { watchForUpdates, type Updater, type UpdateWatch } from '../../../electron/updates';
import type { SyncStatusDto } from '../../../shared/bridge/types';
import type { UpdateRefusalDto } from '../../../shared/update-refusal';
import { FAST_API, FAST_ENGINE } from '../../support/sync-rig';

const pem = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ type, format: 'pem' }).toString();
const ours = generateKeyPairSync('ed25519');
const attacker = generateKeyPairSync('ed25519');

const folder = mkdtempSync(path.join(tmpdir(), 'mostrador-update-folder-'));
let server: Server;
let feedUrl = '';

/** The release step: `node scripts/sign-update.mjs sign <file>` with a private key given as PEM text. */
function signWithReleaseScript(file: string, privateKey: KeyObject): void {
  const run = spawnSync(process.execPath, [path.resolve('scripts/sign-update.mjs'), 'sign', file], {
    env: { ...process.env, MOSTRADOR_UPDATE_KEY: pem(privateKey, 'pkcs8'), MOSTRADOR_UPDATE_KEY_FILE: '' }, encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
}

function installerFile(version: string): string {
  const file = path.join(folder, `Mostrador-${version}.AppImage`);
  writeFileSync(file, `ELF… Mostrador ${version} installer bytes ${'x'.repeat(4096)}`);
  return file;
}

beforeAll(async () => {
  // The update folder as a web server serves it: <file>.sig beside each installer, 404 for what is not there.
  server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.slice(1));
    try {
      const body = readFileSync(path.join(folder, path.basename(name)));
      response.writeHead(200).end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

/** electron-updater needs a packaged app: this stand-in only says "downloaded", as it does after a download. */
class StandInDownloader extends EventEmitter implements Updater {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  autoRunAppAfterInstall = false;
  installs = 0;
  async checkForUpdates() { return null; }
  quitAndInstall() { this.installs++; }
  downloaded(version: string, downloadedFile: string) { this.emit('update-downloaded', { version, downloadedFile }); }
}

const dataDirs: string[] = [];
const opened: ComposedApp[] = [];
const watches: UpdateWatch[] = [];
afterEach(async () => {
  for (const watch of watches.splice(0)) watch.stop();
  for (const app of opened.splice(0)) await app.close();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function openTill(dataDir: string): Promise<ComposedApp> {
  const composed = await composePosApp({
    dataDir, shell: 'electron', version: '0.2.0', keychainService: 'MostradorTest-update-refusal', demoValidationDelayMs: 100,
    api: FAST_API, engine: FAST_ENGINE,
  });
  opened.push(composed);
  return composed;
}

async function closeTill(composed: ComposedApp): Promise<void> {
  opened.splice(opened.indexOf(composed), 1);
  await composed.close();
}

/** The till as main.ts wires it: each verdict of the real check goes to the core. */
function watch(composed: ComposedApp, lines: string[]): StandInDownloader {
  const updater = new StandInDownloader();
  const verify = (downloadedFile: string) => checkDownloadedUpdate({ downloadedFile, feedUrl, fetch, publicKey: pem(ours.publicKey, 'spki') });
  watches.push(watchForUpdates(updater, verify, (line) => lines.push(line), { verdicts: composed.app.updates }));
  return updater;
}

async function shown(composed: ComposedApp): Promise<UpdateRefusalDto | null | undefined> {
  const status = await dispatch(composed.app.handlers, 'sync.status', {});
  if (!status.ok) throw new Error(JSON.stringify(status.error));
  return (status.value as SyncStatusDto).updateRefusal;
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-update-till-'));
  dataDirs.push(dir);
  return dir;
}

describe('a refused update reaches the owner\'s screen and stays until a good update or a dismissal', () => {
  it('accepts a file the release script signed with our key; refuses one signed by another key, shows it, keeps it across a restart', async () => {
    const dataDir = newDataDir();
    let till = await openTill(dataDir);
    const events: unknown[] = [];
    till.app.subscribe((e) => events.push(e));
    const lines: string[] = [];
    const updater = watch(till, lines);

    const good = installerFile('0.3.0');
    signWithReleaseScript(good, ours.privateKey);
    updater.downloaded('0.3.0', good);
    await vi.waitFor(() => expect(lines.some((l) => l.startsWith('update 0.3.0 downloaded and signed'))).toBe(true));
    expect(await shown(till)).toBeNull();

    // Someone with write access to the folder puts their own build there, signed with their own key.
    const bad = installerFile('0.4.0');
    signWithReleaseScript(bad, attacker.privateKey);
    const before = Date.now();
    updater.downloaded('0.4.0', bad);
    await vi.waitFor(async () => expect(await shown(till)).not.toBeNull());
    const refusal = await shown(till);
    expect(refusal).toMatchObject({ version: '0.4.0', reason: 'wrong signature', detail: null });
    expect(refusal!.at).toBeGreaterThanOrEqual(before);
    expect(lines).toContainEqual(expect.stringMatching(/^update 0\.4\.0 refused: its signature does not match/));
    // The screens hear of it without asking: a status event carries it.
    await vi.waitFor(() => expect(events).toContainEqual(expect.objectContaining({
      event: 'sync.status', payload: expect.objectContaining({ updateRefusal: expect.objectContaining({ version: '0.4.0' }) }),
    })));
    // The refused download does not count: a clean close installs nothing.
    expect(watches[0]!.mayInstallOnClose({ unsentSales: 0, shiftOpen: false })).toBe(false);
    expect(await watches[0]!.install()).toBe(false);
    expect(updater.installs).toBe(0);

    watches.splice(0)[0]!.stop();
    await closeTill(till);
    till = await openTill(dataDir);
    expect(await shown(till)).toEqual(refusal);
  });

  it('reports an unsigned update and a file changed after it was signed; a good update then clears the notice', async () => {
    const till = await openTill(newDataDir());
    const updater = watch(till, []);
    updater.downloaded('0.5.0', installerFile('0.5.0'));
    await vi.waitFor(async () => expect(await shown(till)).toMatchObject({ version: '0.5.0', reason: 'unsigned' }));

    const tampered = installerFile('0.6.0');
    signWithReleaseScript(tampered, ours.privateKey);
    appendFileSync(tampered, 'payload');
    updater.downloaded('0.6.0', tampered);
    await vi.waitFor(async () => expect(await shown(till)).toMatchObject({ version: '0.6.0', reason: 'wrong signature' }));

    const good = installerFile('0.7.0');
    signWithReleaseScript(good, ours.privateKey);
    updater.downloaded('0.7.0', good);
    await vi.waitFor(async () => expect(await shown(till)).toBeNull());
  });

  it('is dismissed by version through the bridge (an owner\'s call), and stays dismissed after a restart', async () => {
    const dataDir = newDataDir();
    let till = await openTill(dataDir);
    const updater = watch(till, []);
    const bad = installerFile('0.8.0');
    signWithReleaseScript(bad, attacker.privateKey);
    updater.downloaded('0.8.0', bad);
    await vi.waitFor(async () => expect(await shown(till)).toMatchObject({ version: '0.8.0' }));

    // A cashier cannot hide it alone: the same guard as Settings asks for an owner's PIN.
    expect(restrictionOf('updates.dismiss', { version: '0.8.0' }, { customerTaxData: () => null, getSale: () => null } as never))
      .toEqual({ action: 'settings', detail: { kind: 'update-dismiss', version: '0.8.0' } });
    const invalid = await dispatch(till.app.handlers, 'updates.dismiss', { version: '../../etc' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    // Dismissing another version leaves this one shown.
    expect(await dispatch(till.app.handlers, 'updates.dismiss', { version: '0.7.9' })).toMatchObject({ ok: true, value: { version: '0.8.0' } });
    expect(await dispatch(till.app.handlers, 'updates.dismiss', { version: '0.8.0' })).toEqual({ ok: true, value: null });
    expect(await shown(till)).toBeNull();

    watches.splice(0)[0]!.stop();
    await closeTill(till);
    till = await openTill(dataDir);
    expect(await shown(till)).toBeNull();
  });
});
