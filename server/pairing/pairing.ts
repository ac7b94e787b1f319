/**
 * Opening pairing and pairing a till. A code lives in this process's memory for its ten minutes (the proof is keyed
 * by the code itself, so the server must hold it) and only its hash goes to the store, where it is marked used in
 * the same transaction that creates the till: a code works once even if two tills race with it. Wrong proofs are
 * counted for all sources together; past the contract's allowance per minute every attempt is answered 429 until
 * the oldest wrong one is a minute old, so a code's 50 bits cannot be guessed in its ten minutes.
 */
import { createPublicKey } from 'node:crypto';
import { SHOP_LIMITS, TILL_NAME_TAKEN, type PairRequest, type PairResponse } from '../../shared/shop/contract';
import type { Database } from '../db/adapter';
import { readShop } from '../store/shop';
import { createTill, TillNameTakenError } from '../store/tills';
import { newPairingCode, pairingCodeHash, pairingProof, proofMatches } from './code';

const MINUTE = 60_000;

export type PairOutcome =
  | { ok: true; value: PairResponse }
  | { ok: false; status: 400; field: string; message: string }
  | { ok: false; status: 403 | 409 | 429; code: string; message: string; retryAfterSeconds?: number; holder?: { number: number; name: string } };

export class Pairing {
  private readonly open = new Map<string, number>(); // code → expires at
  private wrong: number[] = [];

  constructor(private readonly db: Database, private readonly now: () => number) {}

  /** Opens pairing: a new code the owner reads out to the till. Earlier codes stay valid until they expire. */
  async openCode(): Promise<{ code: string; expiresAt: number }> {
    const now = this.now();
    const code = newPairingCode();
    const expiresAt = now + SHOP_LIMITS.pairingCodeTtlMs;
    await this.db.query('DELETE FROM pairing_codes WHERE expires_at < $1 AND used_at IS NULL', [now - 24 * 60 * MINUTE]);
    await this.db.query('INSERT INTO pairing_codes (code_hash, created_at, expires_at) VALUES ($1, $2, $3)', [pairingCodeHash(code), now, expiresAt]);
    this.open.set(code, expiresAt);
    return { code, expiresAt };
  }

  async pair(request: PairRequest, certFingerprint: string): Promise<PairOutcome> {
    const now = this.now();
    this.wrong = this.wrong.filter((at) => at > now - MINUTE);
    if (this.wrong.length >= SHOP_LIMITS.pairingAttemptsPerMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((this.wrong[0]! + MINUTE - now) / 1000));
      return { ok: false, status: 429, code: 'too_many_attempts', message: 'too many wrong pairing attempts; try again later', retryAfterSeconds };
    }
    if (!isEd25519PublicKey(request.publicKey)) {
      return { ok: false, status: 400, field: 'publicKey', message: 'publicKey must be an Ed25519 public key (SPKI DER, base64url)' };
    }
    for (const [code, expiresAt] of this.open) if (expiresAt <= now) this.open.delete(code);
    const code = [...this.open.keys()].find((c) => proofMatches(pairingProof(c, certFingerprint, request.publicKey), request.proof));
    if (!code) {
      this.wrong.push(now);
      return { ok: false, status: 403, code: 'pairing_refused', message: 'the pairing code is wrong, used or expired, or the certificate is not this server\'s' };
    }
    let outcome;
    try {
      outcome = await this.db.transaction(async (tx) => {
      const known = await tx.query('SELECT 1 FROM tills WHERE public_key = $1', [request.publicKey]);
      if (known.rows.length > 0) return 'known' as const;
      const used = await tx.query(
        'UPDATE pairing_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2', [pairingCodeHash(code), now],
      );
      if (used.rowCount !== 1) return null;
      const till = await createTill(tx, request.tillName ?? null, request.publicKey, now);
      await tx.query('UPDATE pairing_codes SET used_by = $2 WHERE code_hash = $1', [pairingCodeHash(code), till.id]);
      return till;
      });
    } catch (error) {
      // Nothing was written: the code stays good for another try with another name.
      if (!(error instanceof TillNameTakenError)) throw error;
      const holder = { number: error.holder.number, name: error.holder.name };
      return { ok: false, status: 409, code: TILL_NAME_TAKEN, message: error.message, holder };
    }
    if (outcome !== 'known') this.open.delete(code);
    if (outcome === null) return { ok: false, status: 403, code: 'pairing_refused', message: 'the pairing code is wrong, used or expired' };
    if (outcome === 'known') return { ok: false, status: 409, code: 'already_paired', message: 'this key is already paired; make a new key' };
    const shop = await readShop(this.db);
    return {
      ok: true,
      value: { tillId: outcome.id, tillNumber: outcome.number, tillName: outcome.name, shopId: shop.id, shopName: shop.name, certFingerprint, cursor: 0 },
    };
  }
}

function isEd25519PublicKey(text: string): boolean {
  try {
    return createPublicKey({ key: Buffer.from(text, 'base64url'), format: 'der', type: 'spki' }).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
