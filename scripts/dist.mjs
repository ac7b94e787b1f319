#!/usr/bin/env node
/**
 * `npm run dist`: the screens, the Electron bundle, then electron-builder for the OS this runs on (electron-builder.yml).
 * With MOSTRADOR_UPDATE_URL=https://… the build also names the shop's update folder (electron-updater, generic
 * provider), so installed tills fetch new versions from there; without it the build has no update source at all.
 * Arguments after `--` go to electron-builder (e.g. `npm run dist -- --linux deb`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** electron-builder's arguments: never publishes from here (uploading is a release step), maybe an update feed. */
export function builderArguments(env, extra = []) {
  const args = ['--publish', 'never', ...extra];
  const url = env.MOSTRADOR_UPDATE_URL?.trim();
  if (!url) return args;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`MOSTRADOR_UPDATE_URL is not a URL: ${url}`);
  }
  // A till installs what this folder serves: only over HTTPS, with no credentials in the URL.
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) {
    throw new Error('MOSTRADOR_UPDATE_URL must be an https:// URL without credentials');
  }
  return [...args, '-c.publish.provider=generic', `-c.publish.url=${parsed.href}`];
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let builderArgs;
  try {
    builderArgs = builderArguments(process.env, process.argv.slice(2));
  } catch (error) {
    console.error(`Mostrador: ${error.message}`);
    process.exit(1);
  }
  const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
  run(bin('vite'), ['build']);
  run(process.execPath, [path.join(root, 'scripts', 'build-electron.mjs')]);
  run(bin('electron-builder'), builderArgs);
}
