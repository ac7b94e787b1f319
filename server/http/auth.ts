/**
 * Signed requests (contract: `Authorization: Mostrador till=…, ts=…, nonce=…, sig=…`, an Ed25519 signature of
 * `signingString`). Checked in two steps so a stranger cannot make the server read a body: the header, the till
 * and the clock before the body is read; then the signature over the body's hash and, last, the nonce (so only
 * correctly signed requests are ever remembered).
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { AUTH_SCHEME, SHOP_LIMITS, signingString, type AuthRefusal } from '../../shared/shop/contract';
import type { Database } from '../db/adapter';
import { rememberNonce } from '../store/nonces';
import { findTill, type Till } from '../store/tills';

export interface SignedHeader { tillId: string; ts: number; nonce: string; sig: string }

export type AuthStep<T> = { ok: true; value: T } | { ok: false; reason: AuthRefusal };

const FIELD = { till: /^[0-9a-f]{32}$/, ts: /^\d{1,16}$/, nonce: /^[A-Za-z0-9_-]{22}$/, sig: /^[A-Za-z0-9_-]{86}$/ } as const;

export function parseAuthorization(header: string | undefined): AuthStep<SignedHeader> {
  if (!header) return { ok: false, reason: 'missing' };
  const match = new RegExp(`^${AUTH_SCHEME}\\s+(.{1,400})$`).exec(header.trim());
  if (!match) return { ok: false, reason: 'malformed' };
  const fields = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return { ok: false, reason: 'malformed' };
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const till = fields.get('till'), ts = fields.get('ts'), nonce = fields.get('nonce'), sig = fields.get('sig');
  if (fields.size !== 4 || !till || !ts || !nonce || !sig) return { ok: false, reason: 'malformed' };
  if (!FIELD.till.test(till) || !FIELD.ts.test(ts) || !FIELD.nonce.test(nonce) || !FIELD.sig.test(sig)) return { ok: false, reason: 'malformed' };
  return { ok: true, value: { tillId: till, ts: Number(ts), nonce, sig } };
}

export class Authenticator {
  private readonly keys = new Map<string, KeyObject>();

  constructor(private readonly db: Database, private readonly now: () => number) {}

  /** Before the body: a well-formed header, a known till not revoked, a timestamp within the allowed skew. */
  async precheck(header: string | undefined): Promise<AuthStep<{ signed: SignedHeader; till: Till }>> {
    const parsed = parseAuthorization(header);
    if (!parsed.ok) return parsed;
    const till = await findTill(this.db, parsed.value.tillId);
    if (!till) return { ok: false, reason: 'unknown_till' };
    if (till.revoked) return { ok: false, reason: 'revoked' };
    if (Math.abs(this.now() - parsed.value.ts) > SHOP_LIMITS.signatureSkewMs) return { ok: false, reason: 'stale' };
    return { ok: true, value: { signed: parsed.value, till } };
  }

  /** After the body: the signature over method, path, time, nonce and body; then the nonce, once. */
  async verify(signed: SignedHeader, till: Till, method: string, pathWithQuery: string, body: Buffer): Promise<AuthStep<Till>> {
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const message = Buffer.from(signingString(method, pathWithQuery, signed.ts, signed.nonce, bodyHash));
    let good = false;
    try {
      good = verify(null, message, this.key(till), Buffer.from(signed.sig, 'base64url'));
    } catch {
      good = false;
    }
    if (!good) return { ok: false, reason: 'bad_signature' };
    if (!(await rememberNonce(this.db, till.id, signed.nonce, this.now()))) return { ok: false, reason: 'replayed' };
    return { ok: true, value: till };
  }

  private key(till: Till): KeyObject {
    let key = this.keys.get(till.id);
    if (!key) {
      key = createPublicKey({ key: Buffer.from(till.publicKey, 'base64url'), format: 'der', type: 'spki' });
      this.keys.set(till.id, key);
    }
    return key;
  }
}
