/**
 * How an open pairing code is kept in the database so that any process of the shop's server, and only those, can
 * check a till's proof with it (the proof is an HMAC keyed by the code itself, so the server needs the code, not a
 * hash of it). Each row holds a keyed lookup hash (its primary key, useless to guess the code with: it is an HMAC
 * under a server key, not a plain SHA-256 of 50 bits) and the code sealed with AES-256-GCM under a key derived
 * (HKDF-SHA256) from the server's TLS private key. Every process of one shop serves the same certificate (the tills
 * pin it), so every process derives the same keys; a copy or a reader of the database alone cannot open a code.
 *
 * Plain HTTP on 127.0.0.1 (one computer, no certificate) has no private key to derive from: there the keys come from
 * a random secret kept in the database itself (`server_secrets`), which is no stronger than the database. See
 * docs/shop-server-shared-state.md.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, createPrivateKey, hkdfSync, randomBytes } from 'node:crypto';
import { normalizePairingCode } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';

export interface CodeKeys {
  /** Which keys sealed a row: processes with another certificate skip rows they cannot open. */
  id: string;
  /** Where the keys come from, for the docs and tests: the TLS private key, or the database's secret (loopback). */
  source: 'tls-key' | 'database';
  lookup: Buffer;
  seal: Buffer;
}

const SALT = Buffer.from('mostrador shop server: pairing codes v1');
const LOOPBACK_SECRET = 'pairing-code-keys';

function derive(material: Buffer, source: CodeKeys['source']): CodeKeys {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', material, SALT, info, 32));
  return { id: createHash('sha256').update(key('id')).digest('hex').slice(0, 16), source, lookup: key('lookup'), seal: key('seal') };
}

/** The keys of this server: from its TLS private key (PEM), or on plain loopback from the database's own secret. */
export async function codeKeys(db: Queryable, tlsPrivateKeyPem: string | null, now: number): Promise<CodeKeys> {
  if (tlsPrivateKeyPem) return derive(createPrivateKey(tlsPrivateKeyPem).export({ format: 'der', type: 'pkcs8' }), 'tls-key');
  // Two processes starting at once: one insert wins, both read the same row.
  await db.query('INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
    [LOOPBACK_SECRET, randomBytes(32).toString('base64url'), now]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [LOOPBACK_SECRET]);
  return derive(Buffer.from(rows[0]!.value, 'base64url'), 'database');
}

/** The row's key: an HMAC of the normalized code under the lookup key. */
export function codeLookupHash(keys: CodeKeys, code: string): string {
  return createHmac('sha256', keys.lookup).update(normalizePairingCode(code)).digest('hex');
}

/** The code sealed (AES-256-GCM, a fresh 96-bit nonce), bound to its row by the lookup hash as associated data. */
export function sealCode(keys: CodeKeys, code: string, lookupHash: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  cipher.setAAD(Buffer.from(lookupHash));
  const body = Buffer.concat([cipher.update(normalizePairingCode(code), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The code, or null when the row was not sealed with these keys or was altered. */
export function openCode(keys: CodeKeys, sealed: string, lookupHash: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 12 + 16 + 1) return null;
    const decipher = createDecipheriv('aes-256-gcm', keys.seal, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(lookupHash));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
