/**
 * The renderer built with a Vite manifest, and what the page must download before its first render: the HTML, the
 * entry chunk, every chunk it imports statically (Vite modulepreloads them) and their CSS. Chunks reached only by
 * import() are left out: they load later. Used by the entry-chunk test and by `npm run bench:ui`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface InitialFile { file: string; gzipBytes: number; sources: string[] }

export interface RendererBuild {
  outDir: string;
  manifest: Manifest;
  /** Each JS file's source modules, relative to the repository ("renderer/sale/cart.ts", "node_modules/zod/…"). */
  modules: Record<string, string[]>;
}

/** Builds the renderer into a throwaway folder (the app's own dist/ is left alone) with its manifest and modules. */
export async function buildWithManifest(): Promise<RendererBuild> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'mostrador-renderer-'));
  const modules: Record<string, string[]> = {};
  const recordModules = {
    name: 'record-chunk-modules',
    generateBundle(_options: unknown, bundle: Record<string, { type: string; moduleIds?: string[] }>) {
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type === 'chunk') modules[file] = (chunk.moduleIds ?? []).map((id) => relative(ROOT, id.replace(/^\0/, '')));
      }
    },
  };
  await build({
    configFile: join(ROOT, 'vite.config.ts'), logLevel: 'silent', plugins: [recordModules],
    build: { outDir, manifest: true, emptyOutDir: true },
  });
  return { outDir, modules, manifest: JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest };
}

/** Every source module in the first download's JS. */
export function initialModules(built: RendererBuild): string[] {
  return staticClosure(built.manifest).flatMap((key) => built.modules[built.manifest[key]?.file ?? ''] ?? []);
}

/** The manifest keys of the entry and of everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry === undefined) throw new Error('the manifest has no entry chunk');
  const seen: string[] = [];
  const walk = (key: string) => {
    if (seen.includes(key)) return;
    seen.push(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  walk(entry);
  return seen;
}

/** The files of the first download, each gzipped as the bench counts them. */
export function initialFiles(outDir: string, manifest: Manifest): InitialFile[] {
  const files = new Map<string, string[]>([['index.html', []]]);
  for (const key of staticClosure(manifest)) {
    const chunk = manifest[key] as ManifestChunk;
    files.set(chunk.file, [...(files.get(chunk.file) ?? []), chunk.src ?? key]);
    for (const css of chunk.css ?? []) files.set(css, files.get(css) ?? []);
  }
  return [...files].map(([file, sources]) => ({ file, sources, gzipBytes: gzipSync(readFileSync(join(outDir, file))).length }));
}
