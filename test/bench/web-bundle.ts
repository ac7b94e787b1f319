/**
 * Browser mode as it ships: electron/web.ts bundled by esbuild (the same settings as scripts/build-electron.mjs:
 * native modules external, everything else inlined) and run by plain node, so a benchmark measures the core's
 * memory and start, not tsx's (some 55 MB and a transpile on every start). Written to dist/web.mjs: one folder
 * below the repository, where web.ts finds package.json and dist/renderer exactly as from electron/.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script without types; only its list of external modules is used.
import { EXTERNAL } from '../../scripts/build-electron.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the bundle (a second or two) and returns its path. */
export async function buildWebBundle(): Promise<string> {
  const outfile = join(ROOT, 'dist', 'web.mjs');
  const shared = {
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: EXTERNAL as string[],
    logLevel: 'warning',
    legalComments: 'none',
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  } as const;
  // The catalog import's worker thread beside it (web.ts names dist/catalog-import-worker.mjs when bundled).
  await Promise.all([
    build({ ...shared, entryPoints: ['electron/web.ts'], outfile }),
    build({ ...shared, entryPoints: ['electron/core/app/catalog-import-worker.ts'], outfile: join(ROOT, 'dist', 'catalog-import-worker.mjs') }),
  ]);
  return outfile;
}
