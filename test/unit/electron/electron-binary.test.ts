import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { electronBinary, electronFetchPlan, fetchOutcomeNotice } from '../../../scripts/electron-binary.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'mostrador-electron-binary-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fake electron package folder: package.json and install.js, optionally a fetched binary. */
function fakeElectron(name: string, { binary = false, install = 'process.exit(0)' } = {}): string {
  const dir = path.join(work, name, 'node_modules', 'electron');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  writeFileSync(path.join(dir, 'install.js'), install);
  if (binary) {
    mkdirSync(path.join(dir, 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'dist', 'electron'), '');
    writeFileSync(path.join(dir, 'path.txt'), 'electron');
  }
  return dir;
}

describe('finding Electron\'s binary without requiring the package (which would try to download it)', () => {
  it('follows path.txt into dist/, as Electron\'s index.js does', () => {
    const dir = fakeElectron('installed', { binary: true });
    expect(electronBinary(dir, { env: {} })).toEqual({ path: path.join(dir, 'dist', 'electron') });
  });

  it('says why when the package or its binary is missing', () => {
    expect(electronBinary(null, { env: {} })).toEqual({ reason: 'the electron package is not installed' });
    expect(electronBinary(fakeElectron('bare'), { env: {} })).toEqual({ reason: 'its binary was never fetched' });
  });
});

describe('the postinstall\'s plan', () => {
  it('fetches when the binary is missing, skips on ELECTRON_SKIP_BINARY_DOWNLOAD, and does nothing when installed', () => {
    expect(electronFetchPlan({ env: {}, packageDir: '/x', installed: false })).toEqual({ action: 'fetch' });
    expect(electronFetchPlan({ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, packageDir: '/x', installed: false }).action).toBe('skip');
    expect(electronFetchPlan({ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '0' }, packageDir: '/x', installed: false }).action).toBe('fetch');
    expect(electronFetchPlan({ env: {}, packageDir: '/x', installed: true }).action).toBe('none');
    expect(electronFetchPlan({ env: {}, packageDir: null, installed: false }).action).toBe('none');
  });

  it('turns a failed download into a notice that says browser mode and how to fetch later', () => {
    const notice = fetchOutcomeNotice({ installed: false, status: 1, signal: null, stderr: 'RequestError: getaddrinfo ENOTFOUND example\n    at x', timeoutMs: 600_000 });
    expect(notice).toContain('getaddrinfo ENOTFOUND');
    expect(notice).toContain('browser mode');
    expect(notice).toContain('npm run electron:fetch');
    expect(fetchOutcomeNotice({ installed: false, status: null, signal: 'SIGTERM', stderr: '', timeoutMs: 600_000 })).toContain('longer than 600 s');
  });
});

describe('scripts/fetch-electron.mjs, run as npm runs the postinstall', () => {
  /** Runs the script from a copy of scripts/ inside a fake project, so it resolves the fake electron package. */
  function postinstall(project: string, env: Record<string, string> = {}) {
    mkdirSync(path.join(work, project, 'scripts'), { recursive: true });
    for (const file of ['fetch-electron.mjs', 'electron-binary.mjs']) {
      writeFileSync(path.join(work, project, 'scripts', file), readFileSync(path.join(ROOT, 'scripts', file)));
    }
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ELECTRON_')));
    return spawnSync(process.execPath, [path.join(work, project, 'scripts', 'fetch-electron.mjs')], {
      cwd: path.join(work, project), encoding: 'utf8', timeout: 30_000, env: { ...clean, ...env },
    });
  }

  it('exits 0 with the notice when Electron\'s installer fails (a closed network)', () => {
    fakeElectron('offline', { install: 'console.error("TypeError: fetch failed"); process.exit(1)' });
    const run = postinstall('offline');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Electron's binary could not be fetched (TypeError: fetch failed)");
    expect(run.stdout).toContain('browser mode');
  });

  it('does not even start the installer with ELECTRON_SKIP_BINARY_DOWNLOAD=1', () => {
    const dir = fakeElectron('skipped', { install: 'require("fs").writeFileSync(__dirname + "/ran", "")' });
    const run = postinstall('skipped', { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
    expect(() => readFileSync(path.join(dir, 'ran'))).toThrow();
  });

  it('reports success when the installer put the binary in place', () => {
    fakeElectron('online', {
      install: 'const fs=require("fs");fs.mkdirSync(__dirname+"/dist");fs.writeFileSync(__dirname+"/dist/electron","");fs.writeFileSync(__dirname+"/path.txt","electron")',
    });
    const run = postinstall('online');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('the Electron binary is installed');
  });
});

describe('package.json keeps Electron\'s own postinstall from failing the install', () => {
  it('denies it in allowScripts and runs ours instead', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean>; scripts: Record<string, string> };
    expect(pkg.allowScripts.electron).toBe(false);
    expect(pkg.scripts.postinstall).toBe('node scripts/fetch-electron.mjs');
  });
});
