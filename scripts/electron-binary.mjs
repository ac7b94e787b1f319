/**
 * Where Electron's binary is, whether to try fetching it, and what to tell the person installing. Pure functions
 * over the file system and environment they are given (tested in test/unit/electron/electron-binary.test.ts), used by
 * scripts/fetch-electron.mjs (postinstall) and scripts/start.mjs. Nothing here downloads: requiring the `electron`
 * package would (since Electron 45 its index.js fetches a missing binary on require), so these read its files instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The installed `electron` package's folder, or null. */
export function electronPackageDir(from = import.meta.url) {
  try {
    return path.dirname(createRequire(from).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/**
 * The binary's path, as Electron's index.js finds it (path.txt names it under dist/, or ELECTRON_OVERRIDE_DIST_PATH),
 * or why there is none.
 */
export function electronBinary(packageDir, { env = process.env, exists = existsSync, read = (p) => readFileSync(p, 'utf8') } = {}) {
  if (!packageDir) return { reason: 'the electron package is not installed' };
  let relative = '';
  try {
    relative = read(path.join(packageDir, 'path.txt')).trim();
  } catch {
    if (!env.ELECTRON_OVERRIDE_DIST_PATH) return { reason: 'its binary was never fetched' };
  }
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH
    ? path.join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron')
    : path.join(packageDir, 'dist', relative);
  return exists(binary) ? { path: binary } : { reason: `its binary is missing (${binary})` };
}

const isSet = (value) => value !== undefined && value !== '' && value !== '0' && value.toLowerCase?.() !== 'false';

/** What the postinstall does: nothing to do, skip on request, or fetch. */
export function electronFetchPlan({ env = process.env, packageDir, installed }) {
  if (!packageDir) return { action: 'none', notice: 'Mostrador: Electron is not installed (production install?); `npm start` will use browser mode.' };
  if (installed) return { action: 'none', notice: 'Mostrador: the Electron binary is already in place.' };
  if (isSet(env.ELECTRON_SKIP_BINARY_DOWNLOAD)) {
    return { action: 'skip', notice: 'Mostrador: ELECTRON_SKIP_BINARY_DOWNLOAD is set, so Electron\'s binary was not fetched; `npm start` will use browser mode (`npm run electron:fetch` fetches it later).' };
  }
  return { action: 'fetch' };
}

/** The last line of an error's text that says something (Electron's installer prints a stack). */
function firstReason(stderr) {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /^(Request)?Error|E[A-Z]+[: ]|getaddrinfo|ENOTFOUND|ECONN|ETIMEDOUT|status code/i.test(l)) ?? lines[0] ?? '';
}

/** The notice after an attempt: installed, or why not and what `npm start` will do. */
export function fetchOutcomeNotice({ installed, status, signal, stderr, timeoutMs }) {
  if (installed) return 'Mostrador: the Electron binary is installed; `npm start` opens the desktop app.';
  const why = signal ? `it took longer than ${Math.round(timeoutMs / 1000)} s` : firstReason(stderr) || `the installer exited ${status}`;
  return [
    `Mostrador: Electron's binary could not be fetched (${why.slice(0, 200)}).`,
    'The install is complete all the same: `npm start` will run Mostrador in browser mode (same core and screens, on 127.0.0.1).',
    'To get the desktop app later, from a network that reaches Electron\'s downloads: `npm run electron:fetch`.',
  ].join('\n');
}
