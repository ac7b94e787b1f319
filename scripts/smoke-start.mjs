#!/usr/bin/env node
/**
 * CI's proof of the README's first command: after `npm ci` (with no ELECTRON_SKIP_BINARY_DOWNLOAD), `npm start`
 * must come up: Electron where its binary was fetched, else browser mode, whose page must answer on 127.0.0.1.
 * Bounded: 180 s for the build and start, one HTTP request, then the app is stopped by its process id.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_PROCESS_ENV } from './core-process-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LIMIT_MS = 180_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-smoke-'));
const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--port', '0', '--no-open', '--data-dir', dataDir], {
  cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
});

/** Linux: the browser-mode core (start.mjs's child) runs with CORE_PROCESS_ENV; null when it does, else why not. */
function missingCoreEnv() {
  if (process.platform !== 'linux') return null;
  const children = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === child.pid;
    } catch {
      return false;
    }
  });
  const environ = children.map((pid) => { try { return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'); } catch { return []; } });
  const want = Object.entries(CORE_PROCESS_ENV).map(([key, value]) => `${key}=${value}`);
  if (environ.some((vars) => want.every((w) => vars.includes(w)))) return null;
  return `the browser-mode core does not run with ${want.join(' ')} (${children.length} child processes looked at)`;
}

function finish(code, message) {
  console.log(`smoke: ${message}`);
  child.kill('SIGTERM');
  clearTimeout(timer);
  child.once('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  });
}

const timer = setTimeout(() => finish(1, `npm start did not come up within ${LIMIT_MS / 1000} s`), LIMIT_MS);
let output = '';
child.stdout.on('data', async (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
  const url = output.match(/Mostrador \(browser mode\): (http:\/\/127\.0\.0\.1:\d+\/)/)?.[1];
  if (!url || finish.started) return;
  finish.started = true;
  try {
    const page = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const html = await page.text();
    const missing = missingCoreEnv();
    if (page.status !== 200 || !html.includes('<div id="root">')) finish(1, `the page at ${url} answered ${page.status}`);
    else if (missing) finish(1, missing);
    else finish(0, `npm start is up in browser mode and its page answers at ${url}`);
  } catch (error) {
    finish(1, `the page at ${url} did not answer: ${error.message}`);
  }
});
child.on('exit', (code) => {
  if (!finish.started) { clearTimeout(timer); console.log(`smoke: npm start exited ${code} before it was up`); process.exit(1); }
});
