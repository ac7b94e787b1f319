/** Every file under a folder, gzipped and summed: what the whole renderer weighs. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function gzippedTree(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += gzipSync(readFileSync(join(entry.parentPath, entry.name))).length;
    files++;
  }
  return { bytes, files };
}
