/**
 * Files the owner chose (a catalog CSV), received by the core as a file in its data folder rather than as text inside
 * a call: browser mode streams the upload to disk as it arrives, Electron hands over the bytes once. A token names
 * the file for the calls that read it (the preview, then the import), so a 20 MB file crosses once and is read from
 * disk a chunk at a time. Few files, for a short while: an import is a minute's work, not storage.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, unlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { BridgeEnvelope } from '../../../shared/bridge/contract';
import type { UploadReceiptDto } from '../../../shared/bridge/types';

/** A file larger than the limit: nothing of it is kept. */
export class UploadTooLarge extends Error {
  override readonly name = 'UploadTooLarge';
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
  }
}

export interface UploadStore {
  /** Writes the chunks to a new file as they come, at most maxBytes of them; throws UploadTooLarge past that. */
  receive(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<UploadReceiptDto>;
  /** The file a token names, or null when the token is unknown or its file has expired. */
  path(token: string): string | null;
  /** Forgets a file once its import is done. */
  discard(token: string): void;
  /** Removes every file (the app is closing). */
  close(): void;
}

export interface UploadStoreOptions {
  /** A folder of its own: whatever is in it at start is a previous run's leftover and is removed. */
  dir: string;
  maxBytes: number;
  now?: () => number;
  /** How long a file is kept after it arrives (default one hour). */
  keepMs?: number;
  /** How many files are kept at once; the oldest goes first (default 4). */
  maxFiles?: number;
}

export function createUploadStore(opts: UploadStoreOptions): UploadStore {
  const now = opts.now ?? Date.now;
  const keepMs = opts.keepMs ?? 60 * 60_000;
  const maxFiles = opts.maxFiles ?? 4;
  rmSync(opts.dir, { recursive: true, force: true });
  mkdirSync(opts.dir, { recursive: true });
  const files = new Map<string, { path: string; at: number }>();

  const remove = (token: string) => {
    const file = files.get(token);
    if (!file) return;
    files.delete(token);
    try {
      unlinkSync(file.path);
    } catch {
      // already gone
    }
  };
  /** Drops expired files, and the oldest ones past maxFiles less `room` (insertion order is arrival order). */
  const expire = (room: number) => {
    for (const [token, file] of files) if (now() - file.at > keepMs) remove(token);
    for (const token of [...files.keys()].slice(0, Math.max(0, files.size - maxFiles + room))) remove(token);
  };

  return {
    async receive(chunks) {
      expire(1);
      const token = randomUUID();
      const path = join(opts.dir, `${token}.upload`);
      const handle = await open(path, 'wx', 0o600);
      let bytes = 0;
      try {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (bytes > opts.maxBytes) throw new UploadTooLarge(opts.maxBytes);
          await handle.write(chunk);
        }
      } catch (error) {
        await handle.close();
        unlinkSync(path);
        throw error;
      }
      await handle.close();
      files.set(token, { path, at: now() });
      return { token, bytes };
    },
    path(token) {
      expire(0);
      return files.get(token)?.path ?? null;
    },
    discard: remove,
    close() {
      for (const token of [...files.keys()]) remove(token);
    },
  };
}

/** One upload as the shells answer it: the receipt, or a refusal as a value (a file too large names the file field). */
export async function receiveUpload(
  uploads: UploadStore,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<BridgeEnvelope<UploadReceiptDto>> {
  try {
    return { ok: true, value: await uploads.receive(chunks) };
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    return { ok: false, error: { code: 'INVALID_INPUT', message: `The file is larger than ${error.maxBytes} bytes.`, fields: { file: error.message } } };
  }
}
