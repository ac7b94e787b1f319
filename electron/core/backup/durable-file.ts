/** Making a finished file durable before it takes its final name: fsync the file, rename, fsync the folder. */
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { isPartialFile } from './backup-names';

export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A folder's entry is durable only once the folder is synced; Windows cannot open folders for that, and needs not. */
export async function fsyncFolder(folder: string): Promise<void> {
  try {
    await fsyncPath(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EACCES' && code !== 'EINVAL') throw error;
  }
}

export async function renameDurably(from: string, to: string, folder: string): Promise<void> {
  await fsyncPath(from);
  await rename(from, to);
  await fsyncFolder(folder);
}

export async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => {});
}

/** Copies a crash or a kill left half written: never good, so they go (with SQLite's side files). */
export async function removePartials(folder: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  const partials = names.filter(isPartialFile);
  await Promise.all(partials.map((name) => removeQuietly(join(folder, name))));
  return partials.length;
}
