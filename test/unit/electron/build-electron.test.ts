import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE_URL } from '../../../electron/app-files';
import { APP_SCHEME_PRIVILEGES } from '../../../electron/app-protocol';
import { CONTENT_SECURITY_POLICY, secureWebPreferences } from '../../../electron/window';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let work: string;
let outDir: string;

/** Every module a CommonJS bundle still requires at run time. */
function requiredModules(file: string): Set<string> {
  return new Set([...readFileSync(file, 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!));
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'mostrador-electron-build-'));
  outDir = path.join(work, 'dist', 'electron');
  const built = spawnSync(process.execPath, ['scripts/build-electron.mjs', '--out-dir', outDir], {
    cwd: ROOT, encoding: 'utf8', timeout: 60_000,
  });
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
}, 90_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('scripts/build-electron.mjs', () => {
  it('produces the main and preload bundles as CommonJS', () => {
    for (const file of ['main.cjs', 'preload.cjs']) {
      const bundle = path.join(outDir, file);
      expect(existsSync(bundle), file).toBe(true);
      const text = readFileSync(bundle, 'utf8');
      expect(text).toMatch(/require\("electron"\)/);
      expect(text).not.toMatch(/^\s*(import|export)\s/m);
    }
  });

  it('bundles a sandbox-ready preload: the only module it requires is electron', () => {
    expect([...requiredModules(path.join(outDir, 'preload.cjs'))]).toEqual(['electron']);
  });

  it('keeps the preload to the contract\'s names: no zod schemas in it (inputs are validated in main)', () => {
    const text = readFileSync(path.join(outDir, 'preload.cjs'), 'utf8');
    expect(text).not.toMatch(/ZodError|\$ZodType|zod/i);
    expect(text.length).toBeLessThan(8 * 1024);
  });

  it('leaves only Electron, the native modules and Node built-ins outside the main bundle', () => {
    // node:-prefixed modules are built-ins even when this Node predates them (node:sqlite in Electron's Node).
    const builtins = new Set(builtinModules);
    const external = [...requiredModules(path.join(outDir, 'main.cjs'))]
      .filter((name) => !name.startsWith('node:') && !builtins.has(name));
    for (const name of external) expect(['electron', 'better-sqlite3', 'keytar']).toContain(name);
    expect(external).toContain('electron');
    expect(external).toContain('better-sqlite3');
  });
});

describe('the bundled preload, run in a bare context where only a stand-in electron can be required', () => {
  it("exposes window.pos with call, upload and on, and carries only the contract's methods to pos:call", async () => {
    const exposed: Record<string, unknown> = {};
    const invoked: unknown[] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => { exposed[key] = api; } },
      ipcRenderer: {
        invoke: async (channel: string, message: unknown) => { invoked.push([channel, message]); return { ok: true, value: 'answered' }; },
        on: () => {},
        removeListener: () => {},
      },
    };
    const sandboxRequire = (name: string) => {
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    };
    // A fresh context: no process, no Buffer, no Node globals, as in a sandboxed renderer.
    runInNewContext(readFileSync(path.join(outDir, 'preload.cjs'), 'utf8'), { require: sandboxRequire, module: { exports: {} }, exports: {} });
    expect(Object.keys(exposed)).toEqual(['pos']);
    const pos = exposed.pos as { call(method: string, input: unknown): Promise<unknown>; upload(bytes: ArrayBuffer): Promise<unknown> };
    expect(Object.keys(pos).sort()).toEqual(['call', 'on', 'upload']);
    await expect(pos.call('sales.search', { limit: 5 })).resolves.toEqual({ ok: true, value: 'answered' });
    await expect(pos.call('sales.drop', {})).resolves.toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    const bytes = new Uint8Array([59, 10]).buffer;
    await expect(pos.upload(bytes)).resolves.toEqual({ ok: true, value: 'answered' });
    expect(invoked).toEqual([['pos:call', { method: 'sales.search', input: { limit: 5 } }], ['pos:upload', bytes]]);
  });
});

/** JSON lines printed by the stand-in Electron module. */
type Observation = { kind: string } & Record<string, unknown>;

describe('the bundled main, run under Node with a stand-in Electron module (no binary here)', () => {
  let observations: Observation[];
  let status: number | null;
  const appData = () => path.join(work, 'appData');
  const of = (kind: string) => observations.filter((o) => o.kind === kind);

  beforeAll(() => {
    const modules = path.join(work, 'node_modules');
    mkdirSync(path.join(modules, 'electron'), { recursive: true });
    copyFileSync(path.join(ROOT, 'test/unit/electron/stand-in-electron.cjs'), path.join(modules, 'electron', 'index.js'));
    for (const native of ['better-sqlite3', 'keytar']) symlinkSync(path.join(ROOT, 'node_modules', native), path.join(modules, native), 'dir');
    // The renderer the app scheme serves: one page, next to the bundles as in the package.
    mkdirSync(path.join(work, 'dist', 'renderer'), { recursive: true });
    writeFileSync(path.join(work, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Mostrador</title>');
    const run = spawnSync(process.execPath, [path.join(outDir, 'main.cjs')], {
      cwd: work,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, STAND_IN_APP_DATA: appData() },
    });
    status = run.status;
    observations = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Observation);
    if (status !== 0) throw new Error(`main.cjs exited ${status}: ${run.stderr}\n${run.stdout}`);
  }, 90_000);

  it('keeps its data in <appData>/Mostrador, sandboxes every renderer and opens one secure window on the app page', () => {
    expect(of('setPath')).toEqual([{ kind: 'setPath', name: 'userData', value: path.join(appData(), 'Mostrador') }]);
    expect(existsSync(path.join(appData(), 'Mostrador', 'mostrador.sqlite'))).toBe(true);
    expect(of('enableSandbox')).toHaveLength(1);
    expect(of('window')).toEqual([{
      kind: 'window', show: false,
      webPreferences: secureWebPreferences(path.join(outDir, 'preload.cjs'), { devTools: true }),
    }]);
    expect(of('loadURL')).toEqual([{ kind: 'loadURL', url: APP_PAGE_URL }]);
  });

  it('loads the page from its own privileged app:// scheme (registered before ready), never file://', () => {
    expect(APP_PAGE_URL).toBe('app://mostrador/index.html');
    expect(of('register-schemes')).toEqual([{
      kind: 'register-schemes', beforeReady: true, schemes: [{ scheme: 'app', privileges: { ...APP_SCHEME_PRIVILEGES } }],
    }]);
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ standard: true, secure: true, bypassCSP: false, corsEnabled: false });
    expect(of('protocol-handle')).toEqual([{ kind: 'protocol-handle', scheme: 'app' }]);
  });

  it('serves the packaged page on app:// with the CSP header, and nothing outside the renderer folder', () => {
    const answers = of('app-request');
    const page = answers.find((a) => a.url === APP_PAGE_URL)!;
    expect(page).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8', csp: CONTENT_SECURITY_POLICY });
    expect(page.body).toContain('<title>Mostrador</title>');
    expect(answers.find((a) => a.url === 'app://mostrador/')).toMatchObject({ status: 200, body: page.body });
    const refused = answers.filter((a) => a.url !== APP_PAGE_URL && a.url !== 'app://mostrador/');
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer, String(answer.url)).toMatchObject({ status: 404, body: '', csp: CONTENT_SECURITY_POLICY });
    }
    expect(of('app-request-post')).toEqual([expect.objectContaining({ status: 405 })]);
  });

  it('answers the app page through the real core, and refuses other senders and invalid input', () => {
    const answers = Object.fromEntries(of('answer').map((o) => [o.who as string, o.envelope]));
    expect(answers['app page']).toMatchObject({ ok: true, value: { shell: 'electron', version: '0.0.0-stand-in', demo: true } });
    expect(answers['foreign page']).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(answers['invalid input']).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { id: expect.any(String) } } });
  });

  it('denies permissions, new windows, foreign navigation and remote requests, and sets the CSP header', () => {
    expect(of('permission')).toEqual([{ kind: 'permission', granted: false, checked: false }]);
    expect(of('window-open')).toEqual([{ kind: 'window-open', answer: { action: 'deny' } }]);
    expect(of('navigation')).toEqual([{ kind: 'navigation', foreignPrevented: true, ownPrevented: false }]);
    expect(of('requests')).toEqual([{ kind: 'requests', remote: { cancel: true }, own: { cancel: false } }]);
    expect(of('headers')).toEqual([{ kind: 'headers', headers: { responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } } }]);
  });

  it('brings the window forward when a second instance starts', () => {
    const kinds = observations.map((o) => o.kind);
    // After the window's own ready-to-show: only what the second instance caused.
    const second = kinds.indexOf('second-instance');
    expect(second).toBeGreaterThan(kinds.indexOf('show'));
    expect(kinds.slice(second).filter((k) => ['restore', 'show', 'focus'].includes(k))).toEqual(['restore', 'show', 'focus']);
  });

  it('quits only after removing the IPC handler and stopping the core, then exits cleanly', () => {
    const kinds = observations.map((o) => o.kind);
    const requested = kinds.indexOf('quit-requested');
    expect(requested).toBeGreaterThan(-1);
    // The core is first asked whether sales are unsent (none here, so no question), then the IPC handler goes.
    expect(kinds.indexOf('ipc-remove')).toBeGreaterThan(requested);
    expect(of('quit-asked')).toEqual([]);
    expect(kinds.indexOf('quit-deferred')).toBeGreaterThan(requested);
    expect(kinds.at(-1)).toBe('quit');
    expect(of('error-box')).toEqual([]);
    expect(status).toBe(0);
    // A closed SQLite database in WAL mode leaves no -wal file behind; a process that just died would.
    expect(existsSync(path.join(appData(), 'Mostrador', 'mostrador.sqlite'))).toBe(true);
    expect(existsSync(path.join(appData(), 'Mostrador', 'mostrador.sqlite-wal'))).toBe(false);
  });
});
