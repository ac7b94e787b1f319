/**
 * Opening pairing and pairing a till. Everything lives in the database, so a restart keeps an open code and a code
 * opened through one server process pairs at another on the same PostgreSQL: each code is kept as a keyed lookup
 * hash plus the code sealed under a key only the server's processes hold (code-seal.ts; the proof is keyed by the
 * code itself, so the server must be able to read it back), and it is marked used in the same transaction that
 * creates the till: a code works once even if two tills race with it, at one process or at two. Wrong proofs are
 * counted per source address and in total (attempts.ts): guessing stays at most the contract's allowance a minute
 * from anywhere, and one misbehaving device cannot keep a right code from another address out.
 */
import { createPublicKey } from 'node:crypto';
import { SHOP_LIMITS, TILL_NAME_TAKEN, type PairRequest, type PairResponse } from '../../shared/shop/contract';
import type { Database } from '../db/adapter';
import { readShop } from '../store/shop';
import { createTill, TillNameTakenError } from '../store/tills';
import { claimPairingAttempt, releasePairingAttempt } from './attempts';
import { newPairingCode, pairingProof, proofMatches } from './code';
import { codeLookupHash, openCode, sealCode, type CodeKeys } from './code-seal';

const MINUTE = 60_000;

export type PairOutcome =
  | { ok: true; value: PairResponse }
  | { ok: false; status: 400; field: string; message: string }
  | {
    ok: false; status: 403 | 409 | 429; code: string; message: string; retryAfterSeconds?: number;
    /** A 429: whether this source made too many wrong proofs itself ("source") or all sources together did ("all"). */
    scope?: 'source' | 'all';
    holder?: { number: number; name: string };
  };

export class Pairing {
  constructor(private readonly db: Database, private readonly now: () => number, private readonly keys: CodeKeys) {}

  /** Opens pairing: a new code the owner reads out to the till. Earlier codes stay valid until they expire. */
  async openCode(): Promise<{ code: string; expiresAt: number }> {
    const now = this.now();
    const code = newPairingCode();
    const expiresAt = now + SHOP_LIMITS.pairingCodeTtlMs;
    const lookup = codeLookupHash(this.keys, code);
    await this.db.query('DELETE FROM pairing_codes WHERE expires_at < $1 AND used_at IS NULL', [now - 24 * 60 * MINUTE]);
    // Used or expired, a code is of no use to anyone: its sealed copy goes (only the lookup hash stays with a used one).
    await this.prune();
    await this.db.query('INSERT INTO pairing_codes (code_hash, created_at, expires_at, sealed, key_id) VALUES ($1, $2, $3, $4, $5)',
      [lookup, now, expiresAt, sealCode(this.keys, code, lookup), this.keys.id]);
    return { code, expiresAt };
  }

  /** Expired or used codes lose their sealed copy (each minute, from server.ts, and at each new code). */
  async prune(): Promise<void> {
    await this.db.query('UPDATE pairing_codes SET sealed = NULL WHERE sealed IS NOT NULL AND (used_at IS NOT NULL OR expires_at <= $1)', [this.now()]);
  }

  /** `source`: where the request came from (attempts.ts `pairingSource`), for the per-source count of wrong proofs. */
  async pair(request: PairRequest, certFingerprint: string, source = 'unknown'): Promise<PairOutcome> {
    if (!isEd25519PublicKey(request.publicKey)) {
      return { ok: false, status: 400, field: 'publicKey', message: 'publicKey must be an Ed25519 public key (SPKI DER, base64url)' };
    }
    const now = this.now();
    const claim = await claimPairingAttempt(this.db, source, now);
    if (!claim.ok) {
      const message = claim.scope === 'source'
        ? 'too many wrong pairing attempts from this address; try again later'
        : 'too many wrong pairing attempts from all addresses together; try again later';
      return { ok: false, status: 429, code: 'too_many_attempts', message, retryAfterSeconds: claim.retryAfterSeconds, scope: claim.scope };
    }
    const code = await this.matchingCode(request, certFingerprint, now);
    if (!code) {
      return { ok: false, status: 403, code: 'pairing_refused', message: 'the pairing code is wrong, used or expired, or the certificate is not this server\'s' };
    }
    // A right proof is no guess: it does not count against its source or the shop.
    await releasePairingAttempt(this.db, claim.id);
    const lookup = codeLookupHash(this.keys, code);
    let outcome;
    try {
      outcome = await this.db.transaction(async (tx) => {
        const known = await tx.query('SELECT 1 FROM tills WHERE public_key = $1', [request.publicKey]);
        if (known.rows.length > 0) return 'known' as const;
        const used = await tx.query(
          'UPDATE pairing_codes SET used_at = $2, sealed = NULL WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2', [lookup, now],
        );
        if (used.rowCount !== 1) return null;
        const till = await createTill(tx, request.tillName ?? null, request.publicKey, now);
        await tx.query('UPDATE pairing_codes SET used_by = $2 WHERE code_hash = $1', [lookup, till.id]);
        return till;
      });
    } catch (error) {
      // Nothing was written: the code stays good for another try with another name.
      if (!(error instanceof TillNameTakenError)) throw error;
      const holder = { number: error.holder.number, name: error.holder.name };
      return { ok: false, status: 409, code: TILL_NAME_TAKEN, message: error.message, holder };
    }
    if (outcome === null) return { ok: false, status: 403, code: 'pairing_refused', message: 'the pairing code is wrong, used or expired' };
    if (outcome === 'known') return { ok: false, status: 409, code: 'already_paired', message: 'this key is already paired; make a new key' };
    const shop = await readShop(this.db);
    return {
      ok: true,
      value: { tillId: outcome.id, tillNumber: outcome.number, tillName: outcome.name, shopId: shop.id, shopName: shop.name, certFingerprint, cursor: 0 },
    };
  }

  /** The open code (unused, unexpired, sealed with this server's keys) the proof was made with, if any. */
  private async matchingCode(request: PairRequest, certFingerprint: string, now: number): Promise<string | null> {
    const { rows } = await this.db.query<{ code_hash: string; sealed: string }>(
      'SELECT code_hash, sealed FROM pairing_codes WHERE used_at IS NULL AND expires_at > $1 AND sealed IS NOT NULL AND key_id = $2',
      [now, this.keys.id]);
    for (const row of rows) {
      const code = openCode(this.keys, row.sealed, row.code_hash);
      if (code && proofMatches(pairingProof(code, certFingerprint, request.publicKey), request.proof)) return code;
    }
    return null;
  }
}

function isEd25519PublicKey(text: string): boolean {
  try {
    return createPublicKey({ key: Buffer.from(text, 'base64url'), format: 'der', type: 'spki' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
