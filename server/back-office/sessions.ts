/**
 * Back-office sessions: the owner proves an owner's PIN (a person held at the server, its scrypt hash in `people`)
 * and gets a random token the server keeps in the database (issue 27), as its SHA-256 only, for 15 minutes after its
 * last use and 8 hours at most: a restart keeps the session, and any server process on the same PostgreSQL honours
 * it. Each request re-reads the person: an owner deactivated, demoted or given a new PIN at the server loses their
 * sessions at once.
 *
 * Guessing is paused as at the till: wrong PINs are counted per person in the store, the checks of one person run
 * one after another within a process (across processes, each wrong PIN is counted atomically in the store; see
 * docs/shop-server-shared-state.md), and from the 5th wrong PIN in a row that person's checks pause for a minute, doubling up to 4
 * hours (refused without hashing while paused). An unknown person, a cashier or an inactive owner is refused like
 * a wrong PIN, after a hash of the same cost, so the answer says nothing about who exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hashPin, pinMatches } from '../../common/pin-hash';
import { BACK_OFFICE_LIMITS } from '../../shared/shop/back-office';
import type { Database } from '../db/adapter';
import { addWrongPin, readPinAttempt, savePinAttempt } from './pin-attempts';

export interface Session { personKey: string; name: string; version: number; openedAt: number; lastUsedAt: number }

export type OpenOutcome =
  | { ok: true; token: string; expiresAt: number; person: { key: string; name: string } }
  | { ok: false; code: 'pin_refused' }
  | { ok: false; code: 'pin_paused'; until: number };

export type CheckOutcome = { ok: true; session: Session } | { ok: false; code: 'session_required' | 'session_expired' };

interface OwnerRow { name: string; role: string; active: boolean; pin_hash: string; version: number }
interface SessionRow { person_key: string; name: string; version: number; opened_at: number; last_used_at: number }

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export class BackOfficeSessions {
  private readonly tails = new Map<string, Promise<unknown>>();
  private decoy: Promise<string> | null = null;

  constructor(private readonly db: Database, private readonly now: () => number, private readonly verify = pinMatches) {}

  async open(personKey: string, pin: string): Promise<OpenOutcome> {
    return this.oneAtATime(personKey, async () => {
      await this.prune();
      const attempt = await readPinAttempt(this.db, personKey);
      if (attempt.pausedUntil > this.now()) return { ok: false, code: 'pin_paused', until: attempt.pausedUntil };
      const owner = await this.owner(personKey);
      if (!owner) {
        await this.verify(pin, await this.decoyHash());
        return { ok: false, code: 'pin_refused' };
      }
      if (!(await this.verify(pin, owner.pin_hash))) {
        await addWrongPin(this.db, personKey, this.now());
        return { ok: false, code: 'pin_refused' };
      }
      if (attempt.wrong !== 0) await savePinAttempt(this.db, personKey, { wrong: 0, pausedUntil: 0 });
      const token = randomBytes(32).toString('base64url');
      const at = this.now();
      await this.db.query(
        `INSERT INTO back_office_sessions (token_hash, person_key, name, version, opened_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $5)`,
        [tokenHash(token), personKey, owner.name, Number(owner.version), at]);
      return { ok: true, token, expiresAt: at + BACK_OFFICE_LIMITS.sessionIdleMs, person: { key: personKey, name: owner.name } };
    });
  }

  /** The session behind a bearer token, still valid and its person still the same active owner; its idle clock restarts. */
  async check(token: string | null): Promise<CheckOutcome> {
    if (!token) return { ok: false, code: 'session_required' };
    const key = tokenHash(token);
    const { rows } = await this.db.query<SessionRow>(
      'SELECT person_key, name, version, opened_at, last_used_at FROM back_office_sessions WHERE token_hash = $1', [key]);
    const row = rows[0];
    if (!row) return { ok: false, code: 'session_expired' };
    const session: Session = {
      personKey: row.person_key, name: row.name, version: Number(row.version), openedAt: Number(row.opened_at), lastUsedAt: Number(row.last_used_at),
    };
    const at = this.now();
    if (at - session.lastUsedAt > BACK_OFFICE_LIMITS.sessionIdleMs || at - session.openedAt > BACK_OFFICE_LIMITS.sessionMaxMs) {
      await this.db.query('DELETE FROM back_office_sessions WHERE token_hash = $1', [key]);
      return { ok: false, code: 'session_expired' };
    }
    const owner = await this.owner(session.personKey);
    if (!owner || Number(owner.version) !== session.version) {
      await this.db.query('DELETE FROM back_office_sessions WHERE token_hash = $1', [key]);
      return { ok: false, code: 'session_expired' };
    }
    // Processes may answer one session's requests out of order: its idle clock only moves forward.
    await this.db.query('UPDATE back_office_sessions SET last_used_at = GREATEST(last_used_at, $2) WHERE token_hash = $1', [key, at]);
    session.lastUsedAt = Math.max(session.lastUsedAt, at);
    return { ok: true, session };
  }

  async end(token: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM back_office_sessions WHERE token_hash = $1', [tokenHash(token)]);
    return rowCount > 0;
  }

  private async owner(personKey: string): Promise<OwnerRow | null> {
    const { rows } = await this.db.query<OwnerRow>(
      `SELECT data->>'name' AS name, data->>'role' AS role, (data->>'active')::boolean AS active, data->>'pinHash' AS pin_hash, version
         FROM people WHERE key = $1`, [personKey]);
    const row = rows[0];
    return row && row.role === 'owner' && row.active ? row : null;
  }

  /** A hash of the usual cost to check against when there is no owner to check (the same time either way). */
  private decoyHash(): Promise<string> {
    this.decoy ??= hashPin(randomBytes(8).toString('hex'));
    return this.decoy;
  }

  /** Ended sessions leave the store (at each opening, and each minute from server.ts). */
  async prune(): Promise<void> {
    const at = this.now();
    await this.db.query('DELETE FROM back_office_sessions WHERE last_used_at < $1 OR opened_at < $2',
      [at - BACK_OFFICE_LIMITS.sessionIdleMs, at - BACK_OFFICE_LIMITS.sessionMaxMs]);
  }

  private async oneAtATime<T>(personKey: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(personKey) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => {});
    this.tails.set(personKey, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(personKey) === tail) this.tails.delete(personKey);
    }
  }
}
