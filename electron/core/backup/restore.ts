/**
 * Restoring a copy, in two steps so nothing is replaced before the owner has read what the copy holds:
 * `inspectCopy` decrypts (or copies) it into the data folder under a temporary name, checks it and says what it
 * holds, refusing a copy from a newer schema; `replaceDataFile` then swaps it in, keeping the replaced file (and its
 * WAL) under a timestamped name. The swap is also what startup finishes if a restore was interrupted.
 */
import { readdir, rename, stat } from 'node:fs/promises';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { basename, join } from 'node:path';
import { LATEST_SCHEMA_VERSION } from '../store/migrations';
import { BackupCryptoError, decryptFile, isEncryptedCopy } from './backup-crypto';
import { parseCopyName, partialFileName } from './backup-names';
import { BadCopyError, readCopyContents, type CopyContents } from './copy-check';
import { checkCopyOffThread } from './copy-check-thread';
import { fsyncFolder, fsyncPath, removeQuietly } from './durable-file';

export type RestoreRefusalCode = 'NEWER_SCHEMA' | 'NEEDS_PASSPHRASE' | 'WRONG_PASSPHRASE' | 'COPY_CORRUPT' | 'COPY_UNREADABLE' | 'NOT_FOUND' | 'CANCELLED';

/**
 * Reading a copy before a restore (issue 29): `reading` (decrypted or copied into the data folder, in bytes of the
 * copy) then `checking` (its integrity and contents: one step). Both may be stopped: the staged file is removed and
 * nothing is replaced. The restore's own writing (markForRestore, then the swap at reopen) cannot be stopped.
 */
export type InspectPhase = 'reading' | 'checking';
export interface InspectOptions {
  dataDir: string;
  passphrase: string | null;
  knownVersion?: number;
  signal?: AbortSignal;
  onProgress?: (phase: InspectPhase, done: number, total: number) => void;
}

export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
  constructor(
    readonly code: RestoreRefusalCode,
    message: string,
    /** What a caller in another language needs to say it (a newer copy's schema and the one this Mostrador knows). */
    readonly facts: { schemaVersion?: number; known?: number } = {},
  ) {
    super(message);
  }
}

export interface InspectedCopy {
  source: string;
  /** The checked plain copy, inside the data folder, waiting for the confirm step. */
  staged: string;
  encrypted: boolean;
  /** When the copy was taken (from its name; else the file's time). */
  takenAt: number;
  contents: CopyContents;
}

const RESTORE_PENDING = (dataFile: string) => `${dataFile}.restore`;

function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, '-');
}

function takenAtFromName(file: string): number | null {
  const name = parseCopyName(basename(file));
  if (!name) return null;
  const [y, mo, d] = name.day.split('-').map(Number) as [number, number, number];
  const time = name.stamp.slice(11);
  return new Date(y, mo - 1, d, Number(time.slice(0, 2)), Number(time.slice(2, 4)), Number(time.slice(4, 6))).getTime();
}

export async function inspectCopy(source: string, opts: InspectOptions): Promise<InspectedCopy> {
  let info;
  try {
    info = await stat(source);
  } catch {
    throw new RestoreRefused('NOT_FOUND', `There is no file ${source}.`);
  }
  if (!info.isFile()) throw new RestoreRefused('NOT_FOUND', `${source} is not a file.`);
  const encrypted = await isEncryptedCopy(source);
  const staged = join(opts.dataDir, partialFileName('restore.sqlite', `${process.pid}-${Date.now().toString(36)}`));
  const stopIfAsked = () => {
    if (opts.signal?.aborted) throw new RestoreRefused('CANCELLED', 'The restore was cancelled before it replaced anything.');
  };
  let done = 0;
  const tap = (chunk: Buffer) => {
    stopIfAsked();
    opts.onProgress?.('reading', (done += chunk.length), info.size);
  };
  try {
    opts.onProgress?.('reading', 0, info.size);
    if (encrypted) {
      if (!opts.passphrase) throw new RestoreRefused('NEEDS_PASSPHRASE', 'This backup is encrypted: its passphrase is needed to read it.');
      await decryptFile(source, staged, opts.passphrase, tap);
    } else {
      await pipeline(createReadStream(source), new Transform({
        transform(chunk: Buffer, _enc, next) {
          try {
            tap(chunk);
          } catch (error) {
            next(error as Error);
            return;
          }
          next(null, chunk);
        },
      }), createWriteStream(staged, { flags: 'wx' }));
    }
    opts.onProgress?.('reading', info.size, info.size);
    stopIfAsked();
    opts.onProgress?.('checking', 0, info.size);
    const contents = readCopyContents(staged);
    const known = opts.knownVersion ?? LATEST_SCHEMA_VERSION;
    if (contents.schemaVersion > known) {
      throw new RestoreRefused('NEWER_SCHEMA',
        `This backup was made by a newer Mostrador (schema ${contents.schemaVersion}; this one knows up to ${known}). Update Mostrador first, then restore it.`,
        { schemaVersion: contents.schemaVersion, known });
    }
    await checkCopyOffThread(staged, {});
    opts.onProgress?.('checking', info.size, info.size);
    stopIfAsked();
    return { source, staged, encrypted, takenAt: takenAtFromName(source) ?? info.mtimeMs, contents };
  } catch (error) {
    await removeQuietly(staged);
    if (error instanceof RestoreRefused) throw error;
    if (error instanceof BackupCryptoError) {
      throw new RestoreRefused(error.code === 'WRONG_PASSPHRASE' ? 'WRONG_PASSPHRASE' : 'COPY_CORRUPT', error.message);
    }
    if (error instanceof BadCopyError) throw new RestoreRefused(error.code === 'COPY_UNREADABLE' ? 'COPY_UNREADABLE' : 'COPY_CORRUPT', error.message);
    throw error;
  }
}

/** Drops an inspected copy the owner did not confirm. */
export async function discardInspected(copy: Pick<InspectedCopy, 'staged'>): Promise<void> {
  await removeQuietly(copy.staged);
}

/** Marks the inspected copy as the data file to use (durably), for `replaceDataFile` to swap in. */
export async function markForRestore(copy: Pick<InspectedCopy, 'staged'>, dataDir: string, dataFile: string): Promise<void> {
  await fsyncPath(copy.staged);
  await rename(copy.staged, join(dataDir, RESTORE_PENDING(dataFile)));
  await fsyncFolder(dataDir);
}

/**
 * With the data file closed: the current file (and its -wal/-shm) is renamed `…replaced-<time>` and the marked copy
 * takes its place. Returns the replaced file's name, or null when no restore was pending.
 */
export async function replaceDataFile(dataDir: string, dataFile: string, now: () => number): Promise<{ replaced: string | null } | null> {
  const pending = join(dataDir, RESTORE_PENDING(dataFile));
  if (!existsSync(pending)) return null;
  const current = join(dataDir, dataFile);
  let replaced: string | null = null;
  if (existsSync(current)) {
    replaced = `${dataFile}.replaced-${stampOf(now())}`;
    // The WAL goes with its file: renamed alike, it is found again if the replaced file is ever opened.
    for (const side of ['-wal', '-shm']) {
      if (existsSync(current + side)) await rename(current + side, join(dataDir, replaced + side));
    }
    await rename(current, join(dataDir, replaced));
  }
  await rename(pending, current);
  await fsyncFolder(dataDir);
  return { replaced };
}

/** Inspected copies left by a restore that never came to its confirm step. */
export async function removeStaleInspections(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith('.partial-restore.sqlite')).map((n) => removeQuietly(join(dataDir, n))));
}
