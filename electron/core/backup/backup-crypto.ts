/**
 * Copies outside the data folder are encrypted with the owner's passphrase (Ley 1581 de 2012: they hold customers'
 * personal data). Only node:crypto's primitives: scrypt derives the key (salt and cost in the header), AES-256-GCM
 * encrypts the file as one stream, the header is its additional authenticated data and the tag closes the file.
 * A second GCM tag over nothing (its own nonce) lets a wrong passphrase be told apart from a damaged file at once.
 *
 * Layout, version 1: "MSTRBAK" 0x01 | N:u32 r:u32 p:u32 | salt:16 | check nonce:12 | check tag:16 | nonce:12
 *                    | ciphertext | tag:16
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAGIC = Buffer.from('MSTRBAK', 'latin1');
const VERSION = 1;
const HEADER_LENGTH = MAGIC.length + 1 + 12 + 16 + 12 + 16 + 12;
const TAG_LENGTH = 16;
const KEY_CHECK_AAD = Buffer.from('mostrador-backup-key-check', 'latin1');

/** scrypt's cost: about 0.1 s and 32 MiB; stored per file so it can rise later without breaking old copies. */
export const DEFAULT_SCRYPT = { N: 2 ** 15, r: 8, p: 1 };

export class BackupCryptoError extends Error {
  override readonly name = 'BackupCryptoError';
  constructor(readonly code: 'WRONG_PASSPHRASE' | 'NOT_ENCRYPTED_COPY' | 'COPY_CORRUPT' | 'UNSUPPORTED_VERSION', message: string) {
    super(message);
  }
}

function deriveKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) => {
    scryptCb(passphrase.normalize('NFC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Encrypts `source` into `target` (streamed; neither is held in memory). `onChunk` sees each plain chunk read (progress; it may throw to stop). */
export async function encryptFile(source: string, target: string, passphrase: string, cost = DEFAULT_SCRYPT, onChunk?: (chunk: Buffer) => void): Promise<void> {
  const salt = randomBytes(16);
  const key = await deriveKey(passphrase, salt, cost);
  const checkNonce = randomBytes(12);
  const check = createCipheriv('aes-256-gcm', key, checkNonce);
  check.setAAD(KEY_CHECK_AAD);
  check.final();
  const nonce = randomBytes(12);
  const params = Buffer.alloc(12);
  params.writeUInt32BE(cost.N, 0);
  params.writeUInt32BE(cost.r, 4);
  params.writeUInt32BE(cost.p, 8);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), params, salt, checkNonce, check.getAuthTag(), nonce]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(header);
  const out = createWriteStream(target, { flags: 'wx' });
  out.write(header);
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        onChunk?.(chunk);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(source), tap, cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), (error?: Error | null) => (error ? reject(error) : resolve())));
}

interface Header { cost: { N: number; r: number; p: number }; salt: Buffer; checkNonce: Buffer; checkTag: Buffer; nonce: Buffer; raw: Buffer; size: number }

async function readHeader(file: string): Promise<Header> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const raw = Buffer.alloc(HEADER_LENGTH);
    const { bytesRead } = await handle.read(raw, 0, HEADER_LENGTH, 0);
    if (bytesRead < MAGIC.length + 1 || !raw.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new BackupCryptoError('NOT_ENCRYPTED_COPY', 'This file is not an encrypted Mostrador backup.');
    }
    if (raw[MAGIC.length] !== VERSION) {
      throw new BackupCryptoError('UNSUPPORTED_VERSION', `This encrypted backup has format ${raw[MAGIC.length]}; this Mostrador reads format ${VERSION}. Update Mostrador.`);
    }
    if (bytesRead < HEADER_LENGTH || size < HEADER_LENGTH + TAG_LENGTH) throw new BackupCryptoError('COPY_CORRUPT', 'The encrypted backup is cut short.');
    let at = MAGIC.length + 1;
    const take = (n: number) => raw.subarray(at, (at += n));
    const params = take(12);
    const cost = { N: params.readUInt32BE(0), r: params.readUInt32BE(4), p: params.readUInt32BE(8) };
    // A header cannot make us spend unbounded memory or time.
    if (cost.N > 2 ** 20 || cost.r > 32 || cost.p > 16 || cost.N < 2 || (cost.N & (cost.N - 1)) !== 0) {
      throw new BackupCryptoError('COPY_CORRUPT', 'The encrypted backup header is damaged.');
    }
    return { cost, salt: take(16), checkNonce: take(12), checkTag: take(16), nonce: take(12), raw, size };
  } finally {
    await handle.close();
  }
}

export async function isEncryptedCopy(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    await handle.read(start, 0, MAGIC.length, 0);
    return start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Decrypts `source` into `target`. The plaintext is only trustworthy once this resolves (the tag is checked at the
 * end), so callers write to a temporary name and use it only then. `target` null: decrypt and authenticate only,
 * handing each plaintext chunk to `onChunk` (used to compare a fresh encrypted copy with its plain original).
 */
export async function decryptFile(source: string, target: string | null, passphrase: string, onChunk?: (chunk: Buffer) => void): Promise<void> {
  const header = await readHeader(source);
  const key = await deriveKey(passphrase, header.salt, header.cost);
  try {
    const check = createDecipheriv('aes-256-gcm', key, header.checkNonce);
    check.setAAD(KEY_CHECK_AAD);
    check.setAuthTag(header.checkTag);
    check.final();
  } catch {
    throw new BackupCryptoError('WRONG_PASSPHRASE', 'The passphrase is not the one this backup was encrypted with.');
  }
  const tag = Buffer.alloc(TAG_LENGTH);
  const handle = await open(source, 'r');
  try {
    await handle.read(tag, 0, TAG_LENGTH, header.size - TAG_LENGTH);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, header.nonce);
  decipher.setAAD(header.raw);
  decipher.setAuthTag(tag);
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        onChunk?.(chunk);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, target === null ? undefined : chunk);
    },
  });
  const input = createReadStream(source, { start: HEADER_LENGTH, end: header.size - TAG_LENGTH - 1 });
  try {
    if (target === null) {
      await pipeline(input, decipher, tap, async function* drain(source) { for await (const _ of source) { /* discard */ } });
    } else {
      await pipeline(input, decipher, tap, createWriteStream(target, { flags: 'wx' }));
    }
  } catch (error) {
    if (error instanceof Error && /authenticate|auth tag|unable to authenticate/i.test(error.message)) {
      throw new BackupCryptoError('COPY_CORRUPT', 'The encrypted backup is damaged: its contents do not match their seal.');
    }
    throw error;
  }
}
