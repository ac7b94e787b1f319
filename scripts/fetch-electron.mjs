#!/usr/bin/env node
/**
 * `postinstall` (and `npm run electron:fetch`): fetches Electron's binary when it can, and never fails the install
 * when it cannot. Electron's own postinstall exits 1 on any download error (a closed network, a proxy, a mirror
 * that is down), which stopped `npm install && npm start` before `npm start` could fall back to browser mode; so
 * package.json's `allowScripts` denies that script and this one runs the same installer, bounded in time, and turns
 * a failure into a notice. `ELECTRON_SKIP_BINARY_DOWNLOAD=1` skips the attempt (Electron 45's installer no longer
 * reads it itself). The decisions are in electron-binary.mjs (tested).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { electronBinary, electronFetchPlan, electronPackageDir, fetchOutcomeNotice } from './electron-binary.mjs';

/** A slow link still gets a fair chance at ~100 MB; a dead one fails fast on its own (DNS or connect error). */
const FETCH_TIMEOUT_MS = Number(process.env.MOSTRADOR_ELECTRON_FETCH_TIMEOUT_MS) || 10 * 60_000;

const packageDir = electronPackageDir();
const installed = () => Boolean(electronBinary(packageDir).path);
const plan = electronFetchPlan({ env: process.env, packageDir, installed: packageDir !== null && installed() });

if (plan.action === 'fetch') {
  console.log('Mostrador: fetching the Electron binary…');
  const run = spawnSync(process.execPath, [path.join(packageDir, 'install.js')], {
    cwd: packageDir,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: FETCH_TIMEOUT_MS,
  });
  console.log(fetchOutcomeNotice({
    installed: run.status === 0 && installed(), status: run.status, signal: run.signal, stderr: run.stderr ?? '', timeoutMs: FETCH_TIMEOUT_MS,
  }));
} else {
  console.log(plan.notice);
}
// Whatever happened, the install goes on: npm start picks Electron or browser mode by what is there.
process.exitCode = 0;
