import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptFile, encryptFile, isEncryptedCopy } from '../../../electron/core/backup/backup-crypto';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-crypto-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('encrypted backups', () => {
  it('round-trips a file of several chunks; the ciphertext holds none of the plaintext', async () => {
    const plain = Buffer.concat([randomBytes(300_000), Buffer.from('Ana Gómez 1020304050 ana@example.co')]);
    writeFileSync(join(dir, 'a'), plain);
    await encryptFile(join(dir, 'a'), join(dir, 'a.enc'), 'correcto caballo batería', FAST);
    const sealed = readFileSync(join(dir, 'a.enc'));
    expect(sealed.includes(Buffer.from('1020304050'))).toBe(false);
    expect(await isEncryptedCopy(join(dir, 'a.enc'))).toBe(true);
    expect(await isEncryptedCopy(join(dir, 'a'))).toBe(false);
    await decryptFile(join(dir, 'a.enc'), join(dir, 'b'), 'correcto caballo batería');
    expect(readFileSync(join(dir, 'b')).equals(plain)).toBe(true);
  });

  it('a wrong passphrase is said as such, and writes nothing', async () => {
    writeFileSync(join(dir, 'a'), randomBytes(1000));
    await encryptFile(join(dir, 'a'), join(dir, 'a.enc'), 'la de verdad 123', FAST);
    await expect(decryptFile(join(dir, 'a.enc'), join(dir, 'b'), 'otra cualquiera')).rejects.toMatchObject({ code: 'WRONG_PASSPHRASE' });
    expect(() => readFileSync(join(dir, 'b'))).toThrow();
  });

  it('one flipped byte in the body or the header is detected', async () => {
    writeFileSync(join(dir, 'a'), randomBytes(50_000));
    await encryptFile(join(dir, 'a'), join(dir, 'a.enc'), 'la de verdad 123', FAST);
    const sealed = readFileSync(join(dir, 'a.enc'));
    const body = Buffer.from(sealed);
    body[20_000]! ^= 1;
    writeFileSync(join(dir, 'body.enc'), body);
    await expect(decryptFile(join(dir, 'body.enc'), join(dir, 'out1'), 'la de verdad 123')).rejects.toMatchObject({ code: 'COPY_CORRUPT' });
    const nonce = Buffer.from(sealed);
    nonce[70]! ^= 1; // inside the body nonce (bytes 64–75), covered as additional data
    writeFileSync(join(dir, 'nonce.enc'), nonce);
    await expect(decryptFile(join(dir, 'nonce.enc'), join(dir, 'out2'), 'la de verdad 123')).rejects.toMatchObject({ code: 'COPY_CORRUPT' });
  });
});
