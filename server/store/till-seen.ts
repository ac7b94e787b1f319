/**
 * When each till last spoke to the server (issue 27, `npm run server -- status`): noted on every signed request,
 * written at most once a minute per till by this process (never a write per request), in the background.
 */
import type { Queryable } from '../db/adapter';

export const TILL_SEEN_EVERY_MS = 60_000;

export class TillSeen {
  private readonly written = new Map<string, number>();
  constructor(private readonly db: Queryable, private readonly now: () => number) {}

  note(tillId: string): void {
    const at = this.now();
    const last = this.written.get(tillId);
    if (last !== undefined && at - last < TILL_SEEN_EVERY_MS) return;
    this.written.set(tillId, at);
    this.db.query('UPDATE tills SET last_seen_at = greatest(coalesce(last_seen_at, 0), $2::bigint) WHERE id = $1', [tillId, at])
      .catch(() => this.written.delete(tillId));
  }
}
