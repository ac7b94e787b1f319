/**
 * The renderer built with a Vite manifest, and what the page must download before its first render: the HTML, the
 * entry chunk, every chunk it imports statically (Vite modulepreloads them) and their CSS. Chunks reached only by
 * import() are left out: they load later. Used by the entry-chunk test and by `npm run bench:ui`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Builds the renderer into a throwaway folder (the app's own dist/ is left alone) and returns its folder and manifest. */
export async function buildWithManifest(): Promise<{ outDir: string; manifest: Manifest }> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'mostrador-renderer-'));
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'silent', build: { outDir, manifest: true, emptyOutDir: true } });
  return { outDir, manifest: JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest };
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
