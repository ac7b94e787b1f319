import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  checkDownloadedUpdate, feedUrlFromAppUpdateYml, signatureUrl, verifyUpdateBytes, verifyUpdateFile, type FetchLike,
} from '../../../electron/core/updates/update-signature';
import { UPDATE_PUBLIC_KEY_PEM } from '../../../electron/core/updates/update-public-key';
import { watchForUpdates, type Updater } from '../../../electron/updates';
import { EventEmitter } from 'node:events';

// Throwaway keys: no private key is ever kept in the repository.
const ours = generateKeyPairSync('ed25519');
const theirs = generateKeyPairSync('ed25519');
const publicPem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
const ourPublic = publicPem(ours.publicKey);
const installer = Buffer.from('MZ… pretend installer bytes, version 0.2.0');
const sigOf = (data: Buffer, key: KeyObject) => sign(null, data, key).toString('base64') + '\n';

const dir = mkdtempSync(path.join(tmpdir(), 'mostrador-update-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Ed25519 signature over an update file', () => {
  it('accepts a file signed by the key built in', () => {
    expect(verifyUpdateBytes(installer, sigOf(installer, ours.privateKey), ourPublic)).toEqual({ ok: true });
  });

  it('refuses a modified file, a missing signature, a garbled one and one by another key, saying which', () => {
    const signature = sigOf(installer, ours.privateKey);
    const modified = Buffer.concat([installer, Buffer.from('!')]);
    expect(verifyUpdateBytes(modified, signature, ourPublic)).toEqual({ ok: false, reason: 'wrong signature' });
    expect(verifyUpdateBytes(installer, null, ourPublic)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifyUpdateBytes(installer, 'not a signature', ourPublic)).toEqual({ ok: false, reason: 'malformed signature' });
    expect(verifyUpdateBytes(installer, sigOf(installer, theirs.privateKey), ourPublic)).toEqual({ ok: false, reason: 'wrong signature' });
  });

  it('is checked against the key compiled into the app by default (a test key is not it)', () => {
    expect(UPDATE_PUBLIC_KEY_PEM).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=]+\n-----END PUBLIC KEY-----\n$/);
    expect(verifyUpdateBytes(installer, sigOf(installer, ours.privateKey))).toEqual({ ok: false, reason: 'wrong signature' });
  });
});

describe('checking a downloaded update against the update folder', () => {
  const file = path.join(dir, 'Mostrador Setup 0.2.0.exe');
  writeFileSync(file, installer);
  const folder = (files: Record<string, string>): FetchLike & { asked: string[] } => {
    const asked: string[] = [];
    const fetchImpl = async (url: string) => {
      asked.push(url);
      const body = files[url];
      return { ok: body !== undefined, status: body === undefined ? 404 : 200, text: async () => body ?? '' };
    };
    return Object.assign(fetchImpl, { asked });
  };

  it('reads the feed from app-update.yml (HTTPS only) and fetches <file>.sig next to the installer', async () => {
    const feed = feedUrlFromAppUpdateYml('provider: generic\nurl: https://updates.example.co/mostrador\nupdaterCacheDirName: mostrador-updater\n');
    expect(feed).toBe('https://updates.example.co/mostrador');
    expect(feedUrlFromAppUpdateYml('provider: generic\nurl: http://updates.example.co/\n')).toBeNull();
    const url = signatureUrl(feed!, file);
    expect(url).toBe('https://updates.example.co/mostrador/Mostrador%20Setup%200.2.0.exe.sig');
    const fetchImpl = folder({ [url]: sigOf(installer, ours.privateKey) });
    expect(await checkDownloadedUpdate({ downloadedFile: file, feedUrl: feed, fetch: fetchImpl, publicKey: ourPublic })).toEqual({ ok: true });
    expect(fetchImpl.asked).toEqual([url]);
  });

  it('refuses when the folder has no signature, it cannot be fetched, or no folder is known', async () => {
    const feed = 'https://updates.example.co/mostrador/';
    expect(await checkDownloadedUpdate({ downloadedFile: file, feedUrl: feed, fetch: folder({}), publicKey: ourPublic }))
      .toEqual({ ok: false, reason: 'unsigned' });
    const down: FetchLike = async () => { throw new Error('ECONNRESET'); };
    expect(await checkDownloadedUpdate({ downloadedFile: file, feedUrl: feed, fetch: down, publicKey: ourPublic }))
      .toEqual({ ok: false, reason: 'signature unreachable', detail: 'ECONNRESET' });
    expect(await checkDownloadedUpdate({ downloadedFile: file, feedUrl: null, fetch: folder({}), publicKey: ourPublic }))
      .toEqual({ ok: false, reason: 'no update folder' });
    expect(await verifyUpdateFile(path.join(dir, 'gone.exe'), sigOf(installer, ours.privateKey), ourPublic))
      .toMatchObject({ ok: false, reason: 'update unreadable' });
  });
});

class StandInUpdater extends EventEmitter implements Updater {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  autoRunAppAfterInstall = false;
  installs = 0;
  async checkForUpdates() { return null; }
  quitAndInstall() { this.installs++; }
}

describe('the updater installs only a signed update, and reports a refused one', () => {
  it('never installs a wrongly signed download: logged, shown in the status, nothing run at close', async () => {
    const file = path.join(dir, 'Mostrador-0.3.0.AppImage');
    writeFileSync(file, installer);
    const sigs: Record<string, string> = { 'https://u.example.co/Mostrador-0.3.0.AppImage.sig': sigOf(installer, theirs.privateKey) };
    const fetchImpl: FetchLike = async (url) => ({ ok: url in sigs, status: url in sigs ? 200 : 404, text: async () => sigs[url] ?? '' });
    const verify = (downloadedFile: string) => checkDownloadedUpdate({ downloadedFile, feedUrl: 'https://u.example.co/', fetch: fetchImpl, publicKey: ourPublic });
    const updater = new StandInUpdater();
    const lines: string[] = [];
    const watch = watchForUpdates(updater, verify, (line) => lines.push(line));
    updater.emit('update-downloaded', { version: '0.3.0', downloadedFile: file });
    await vi.waitFor(() => expect(watch.status().state).not.toBe('checking'));
    expect(watch.status()).toEqual({ state: 'refused', version: '0.3.0', reason: { ok: false, reason: 'wrong signature' } });
    expect(lines.at(-1)).toMatch(/^update 0\.3\.0 refused: its signature does not match/);
    expect(watch.mayInstallOnClose({ unsentSales: 0, shiftOpen: false })).toBe(false);
    expect(await watch.install()).toBe(false);
    expect(updater.installs).toBe(0);
    watch.stop();
  });

  it('checks again at install: a file changed after its check is refused, not run', async () => {
    const file = path.join(dir, 'Mostrador-0.4.0.AppImage');
    writeFileSync(file, installer);
    const signature = sigOf(installer, ours.privateKey);
    const verify = async (downloadedFile: string) => verifyUpdateFile(downloadedFile, signature, ourPublic);
    const updater = new StandInUpdater();
    const lines: string[] = [];
    const watch = watchForUpdates(updater, verify, (line) => lines.push(line));
    updater.emit('update-downloaded', { version: '0.4.0', downloadedFile: file });
    await vi.waitFor(() => expect(watch.status().state).not.toBe('checking'));
    expect(watch.status()).toEqual({ state: 'ready', version: '0.4.0' });
    expect(watch.mayInstallOnClose({ unsentSales: 0, shiftOpen: false })).toBe(true);
    writeFileSync(file, Buffer.concat([installer, Buffer.from('payload')]));
    expect(await watch.install()).toBe(false);
    expect(updater.installs).toBe(0);
    expect(watch.status()).toMatchObject({ state: 'refused', reason: { reason: 'wrong signature' } });
    watch.stop();
  });
});

describe('scripts/sign-update.mjs (release side)', () => {
  const script = path.resolve('scripts/sign-update.mjs');
  const node = process.execPath;

  it('generates a key pair outside the repository and signs files that the app then accepts', () => {
    const keys = path.join(dir, 'keys');
    const publicKey = execFileSync(node, [script, 'keygen', keys], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const file = path.join(dir, 'Mostrador-0.5.0.dmg.zip');
    writeFileSync(file, installer);
    const run = spawnSync(node, [script, 'sign', file], { env: { ...process.env, MOSTRADOR_UPDATE_KEY_FILE: path.join(keys, 'mostrador-update-key.pem') }, encoding: 'utf8' });
    expect(run.status).toBe(0);
    // A throwaway key is not the compiled-in one: the script says tills would refuse it.
    expect(run.stderr).toMatch(/not the one built into the app/);
    expect(verifyUpdateBytes(installer, readFileSync(`${file}.sig`, 'utf8'), publicKey)).toEqual({ ok: true });
    expect(verifyUpdateBytes(installer, readFileSync(`${file}.sig`, 'utf8'), ourPublic)).toEqual({ ok: false, reason: 'wrong signature' });
  });

  it('refuses a key inside the repository, and signing without a key', () => {
    const inRepo = spawnSync(node, [script, 'keygen', path.resolve('tmp-keys')], { encoding: 'utf8' });
    expect(inRepo.status).toBe(1);
    expect(inRepo.stderr).toMatch(/outside the repository/);
    const env = { ...process.env };
    delete env.MOSTRADOR_UPDATE_KEY;
    delete env.MOSTRADOR_UPDATE_KEY_FILE;
    const noKey = spawnSync(node, [script, 'sign', path.join(dir, 'x')], { env, encoding: 'utf8' });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(/MOSTRADOR_UPDATE_KEY/);
  });
});
