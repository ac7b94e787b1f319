#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or stale (the renderer, and the Electron bundle when Electron will run), then
 * opens Electron if its binary is installed, else browser mode with a clear notice. `--web` (npm run start:web)
 * asks for browser mode; other arguments go to browser mode (e.g. `--port 0 --no-open`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_PROCESS_ENV } from './core-process-env.mjs';
import { electronBinary as findElectronBinary, electronPackageDir } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const webOnly = args.includes('--web');
const passThrough = args.filter((a) => a !== '--web');

/** Newest modification time under the given files/folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(join(p, name));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return latest;
}

function isStale(output, sources) {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newest(sources);
}

function run(command, commandArgs, what) {
  console.log(`Mostrador: ${what}…`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`Mostrador: ${what} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

function buildRenderer() {
  if (!existsSync(join(root, 'renderer', 'index.html'))) {
    console.warn('Mostrador: renderer/index.html does not exist yet; the screens cannot be built.');
    return;
  }
  if (isStale('dist/renderer/index.html', ['renderer', 'shared', 'vite.config.ts'])) run(bin('vite'), ['build'], 'building the screens');
}

/**
 * The path of the Electron binary, or why it is not usable. Read from the package's files, never by requiring it:
 * since Electron 45 that would try to download a missing binary (the postinstall already tried; `npm run
 * electron:fetch` tries again on request).
 */
function electronBinary() {
  return findElectronBinary(electronPackageDir(import.meta.url));
}

function forward(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startBrowserMode() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'electron', 'web.ts'), ...passThrough], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ...CORE_PROCESS_ENV },
  });
  forward(child);
}

buildRenderer();
if (webOnly) {
  startBrowserMode();
} else {
  const electron = electronBinary();
  if (electron.path) {
    if (existsSync(join(root, 'scripts', 'build-electron.mjs')) && isStale('dist/electron/main.cjs', ['electron', 'shared'])) {
      run(process.execPath, [join(root, 'scripts', 'build-electron.mjs')], 'building the Electron bundle');
    }
    forward(spawn(electron.path, [root], { cwd: root, stdio: 'inherit' }));
  } else {
    console.log(`Mostrador: Electron is not installed on this machine (${electron.reason}); starting in browser mode.`);
    console.log('Mostrador: `npm run electron:fetch` fetches it where Electron\'s downloads are reachable.');
    startBrowserMode();
  }
}
