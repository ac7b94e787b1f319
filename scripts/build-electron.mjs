#!/usr/bin/env node
/**
 * Bundles the Electron shell: electron/main.ts → dist/electron/main.cjs and electron/preload.ts →
 * dist/electron/preload.cjs (CommonJS, because Electron loads the main file and a sandboxed preload with
 * `require`). Native modules and Electron itself stay external; everything else is bundled, so the sandboxed
 * preload needs nothing but 'electron' at run time.
 *
 *   node scripts/build-electron.mjs [--out-dir <dir>]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Loaded at run time from node_modules (native code, or the Electron runtime itself). */
export const EXTERNAL = ['electron', 'better-sqlite3', 'keytar'];

export async function buildElectron({ outDir = path.join(root, 'dist', 'electron') } = {}) {
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: EXTERNAL,
    logLevel: 'warning',
    // `import.meta` is empty in a CJS bundle: fail the build instead of shipping a main that breaks at run time.
    logOverride: { 'empty-import-meta': 'error' },
    legalComments: 'none',
  };
  await Promise.all([
    build({ ...common, entryPoints: ['electron/main.ts'], outfile: path.join(outDir, 'main.cjs') }),
    // The catalog import's worker thread (core/app/catalog-import-runner.ts finds it beside main.cjs).
    build({ ...common, entryPoints: ['electron/core/app/catalog-import-worker.ts'], outfile: path.join(outDir, 'catalog-import-worker.cjs') }),
    // The preload runs on every page load; it carries only the contract's method and event names (shared/bridge/names.ts),
    // never its zod schemas (inputs are validated in main), so it stays a couple of kB. Minified, it parses faster.
    build({ ...common, entryPoints: ['electron/preload.ts'], outfile: path.join(outDir, 'preload.cjs'), minify: true }),
  ]);
  return { main: path.join(outDir, 'main.cjs'), preload: path.join(outDir, 'preload.cjs') };
}

function outDirArgument(argv) {
  const at = argv.indexOf('--out-dir');
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (!value) throw new Error('--out-dir needs a folder');
  return path.resolve(value);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const out = await buildElectron({ outDir: outDirArgument(process.argv.slice(2)) });
    console.log(`Electron bundles: ${path.relative(process.cwd(), out.main)}, ${path.relative(process.cwd(), out.preload)}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
