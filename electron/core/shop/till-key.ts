/**
 * The till's credential at the shop server: an Ed25519 key pair made at pairing (node:crypto). The server keeps
 * only the public key; the private key lives in the OS keychain through the CredentialStore, under an account of
 * this installation's own, never in SQLite or a log. Requests are signed per the contract's `signingString`.
 */
import { createHash, createHmac, createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { AUTH_SCHEME, normalizePairingCode, signingString } from '../../../shared/shop/contract';
import type { CredentialAccount, CredentialStore } from '../secrets/credential-store';

export interface TillKey {
  /** SPKI DER, base64url, as the pairing request carries it. */
  publicKey: string;
  privateKey: KeyObject;
}

export function newTillKey(): TillKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64url'), privateKey };
}

/** One account per data file (its local till id), so two tills on one computer never share a key. */
const accountOf = (localTillId: string): CredentialAccount => ({ baseUrl: 'mostrador-shop-server', clientId: `till-key-${localTillId}` });

export async function saveTillKey(credentials: CredentialStore, localTillId: string, key: TillKey): Promise<void> {
  const der = key.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64url');
  await credentials.setClientSecret(accountOf(localTillId), der);
}

export async function loadTillKey(credentials: CredentialStore, localTillId: string): Promise<KeyObject | null> {
  const der = await credentials.getClientSecret(accountOf(localTillId));
  if (!der) return null;
  return createPrivateKey({ key: Buffer.from(der, 'base64url'), format: 'der', type: 'pkcs8' });
}

export async function forgetTillKey(credentials: CredentialStore, localTillId: string): Promise<void> {
  await credentials.deleteClientSecret(accountOf(localTillId));
}

/** HMAC-SHA256 of the certificate seen and the public key, keyed with the code as shown (contract: pairing). */
export function pairingProof(code: string, certFingerprint: string, publicKey: string): string {
  return createHmac('sha256', normalizePairingCode(code)).update(`${certFingerprint}\n${publicKey}`).digest('base64url');
}

/** `now`: the time signed, the server's as this till knows it (ServerClock), so a till whose clock is off is not refused. */
export function authorizationHeader(opts: {
  tillId: string; privateKey: KeyObject; method: string; pathWithQuery: string; body: string; now: number; nonce?: string;
}): string {
  const nonce = opts.nonce ?? randomBytes(16).toString('base64url');
  const bodyHash = createHash('sha256').update(opts.body).digest('hex');
  const signed = signingString(opts.method, opts.pathWithQuery, opts.now, nonce, bodyHash);
  const sig = sign(null, Buffer.from(signed), opts.privateKey).toString('base64url');
  return `${AUTH_SCHEME} till=${opts.tillId}, ts=${opts.now}, nonce=${nonce}, sig=${sig}`;
}
