/** Pairing codes: 10 characters of Crockford base32 (50 bits), shown in two groups; kept sealed in the store (code-seal.ts). */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizePairingCode } from '../../shared/shop/contract';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh code, "K7QF2-M2XDA": 32 divides 256, so each byte's low 5 bits are uniform. */
export function newPairingCode(random: (n: number) => Buffer = randomBytes): string {
  const chars = [...random(10)].map((b) => CROCKFORD[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The proof a till sends (contract: HMAC-SHA256 keyed by the code, over the certificate fingerprint and its key). */
export function pairingProof(code: string, certFingerprint: string, publicKey: string): string {
  return createHmac('sha256', normalizePairingCode(code)).update(`${certFingerprint}\n${publicKey}`).digest('base64url');
}

export function proofMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64url');
  const b = Buffer.from(given, 'base64url');
  return a.length === b.length && timingSafeEqual(a, b);
}
