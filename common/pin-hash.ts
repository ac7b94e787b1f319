/**
 * PINs are kept only as salted scrypt hashes (node:crypto): a copied data file does not give the PINs away, and
 * two people with the same PIN do not share a hash. The parameters travel with the hash, so they can be raised
 * later without making stored PINs unreadable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** N = 2^14, r = 8, p = 1: about 16 MB and some tens of milliseconds per check, slow to guess at, quick at the till. */
const DEFAULT_COST = { N: 16_384, r: 8, p: 1 } as const;

function derive(pin: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 64 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(pin.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPin(pin: string, cost: { N: number; r: number; p: number } = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `pin` is the one behind `stored`; a damaged hash never matches. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 1 << 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  try {
    return timingSafeEqual(await derive(pin, salt, { N, r, p }), expected);
  } catch {
    return false;
  }
}
