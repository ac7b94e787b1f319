/**
 * Wrong pairing proofs, counted in the database (so every server process and a restart see the same counts), per
 * source address and in total. See docs/shop-server-shared-state.md for the reasoning; in short:
 *
 * - A proof is checked only after it is *claimed*: one short transaction, under a table lock, counts the last
 *   minute's claims of its source and of everyone, and either refuses (429, with how long to wait) or inserts the
 *   claim. A claim whose proof turns out right is deleted at once, so what stays counted is exactly the wrong proofs
 *   (and any in flight). Claims are atomic across processes, so the total can never pass its cap.
 * - The total cap (the contract's `pairingAttemptsPerMinute`, 10) keeps guessing slow from anywhere: at most 10 codes
 *   of 2^50 tried a minute, whatever the number of sources.
 * - The per-source cap (3 a minute) is what a misbehaving device meets: it is refused before it can spend the shared
 *   allowance, so one device uses at most 3 of the 10 each minute and a right code typed at any other address is
 *   still checked and pairs. Only three or more misbehaving sources at once can fill the total (then everyone waits
 *   for the oldest wrong proof to be a minute old, as before).
 *
 * A source is the socket's remote address (an IPv6 address by its /64, since one device may hold many of those);
 * X-Forwarded-For is believed only from proxies the owner configured (server.ts).
 */
import { isIPv6 } from 'node:net';
import { SHOP_LIMITS } from '../../shared/shop/contract';
import type { Database } from '../db/adapter';

export const PAIRING_WINDOW_MS = 60_000;
/** Wrong proofs one source may make in a minute. */
export const PAIRING_ATTEMPTS_PER_SOURCE = 3;

export type Claim =
  | { ok: true; id: number }
  | { ok: false; scope: 'source' | 'all'; retryAfterSeconds: number };

/** An address as a proxy is named: IPv4-mapped IPv6 unwrapped, lower case, exact (not its /64: a neighbour is not the proxy). */
export function plainAddress(address: string | undefined): string {
  if (!address) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}

/** The source an attempt is counted under: an IPv4 address (IPv4-mapped IPv6 unwrapped), or an IPv6 /64. */
export function pairingSource(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address.slice(0, 64); // an IPv4 address (or, from a trusted proxy, whatever it forwarded)
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Claims the right to check one proof from `source`, or says how long it must wait (and whether it is its own doing). */
export async function claimPairingAttempt(db: Database, source: string, now: number): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE pairing_attempts IN SHARE ROW EXCLUSIVE MODE');
    const since = now - PAIRING_WINDOW_MS;
    await tx.query('DELETE FROM pairing_attempts WHERE at <= $1', [since]);
    const { rows } = await tx.query<{ mine: number; mine_oldest: number | null; total: number; oldest: number | null }>(
      `SELECT count(*) FILTER (WHERE source = $1)::int AS mine, min(at) FILTER (WHERE source = $1) AS mine_oldest,
              count(*)::int AS total, min(at) AS oldest
         FROM pairing_attempts WHERE at > $2`, [source, since]);
    const counts = rows[0]!;
    const wait = (oldest: number | null) => Math.max(1, Math.ceil((Number(oldest ?? now) + PAIRING_WINDOW_MS - now) / 1000));
    if (counts.mine >= PAIRING_ATTEMPTS_PER_SOURCE) return { ok: false, scope: 'source', retryAfterSeconds: wait(counts.mine_oldest) };
    if (counts.total >= SHOP_LIMITS.pairingAttemptsPerMinute) return { ok: false, scope: 'all', retryAfterSeconds: wait(counts.oldest) };
    const inserted = await tx.query<{ id: number }>('INSERT INTO pairing_attempts (source, at) VALUES ($1, $2) RETURNING id', [source, now]);
    return { ok: true, id: Number(inserted.rows[0]!.id) };
  });
}

/** The claimed proof was right: it is not a wrong one. */
export async function releasePairingAttempt(db: Database, id: number): Promise<void> {
  await db.query('DELETE FROM pairing_attempts WHERE id = $1', [id]);
}
