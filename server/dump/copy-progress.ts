/**
 * How far a `pg_dump` or a `pg_restore` has got, in rows (issue 29). Both move table data with COPY, and PostgreSQL
 * (14 and newer) shows each running COPY in `pg_stat_progress_copy` with the rows it has moved so far. The child
 * process is started under an application name of its own (PGAPPNAME), and a separate connection polls the view for
 * that name a few times a second: rows done = the rows of every table seen copied, plus the current table's rows so
 * far. A table small enough to start and finish between two polls is counted when the whole job ends (the figure
 * never goes back, and the last report is always `total of total`).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface RowsProgress { done: number; total: number }
export type OnRows = (progress: RowsProgress) => void;

/** An application name no other connection has, for the child to connect under. */
export const progressAppName = (): string => `mostrador_progress_${randomBytes(5).toString('hex')}`;

export interface CopyWatch {
  /** Stops polling, reports `total of total` when the job succeeded, and closes the connection. */
  stop(finished: boolean): Promise<void>;
}

/**
 * Polls `pg_stat_progress_copy` over `url` (any database of the same server) every `everyMs` for the COPYs of the
 * connection named `appName`. `sizes` (relation oid → rows), when known, lets a table seen and then left count whole.
 * A failed poll is skipped (the job's own success or failure is what matters); the loop ends at stop().
 */
export async function watchCopies(url: string, appName: string, total: number, onRows: OnRows, options: { everyMs?: number; sizes?: ReadonlyMap<number, number> } = {}): Promise<CopyWatch> {
  const client = new pg.Client({ connectionString: url, application_name: `${appName}_watch` });
  client.on('error', () => {});
  await client.connect();
  const seen = new Map<number, number>();
  let current: number | null = null;
  let reported = -1;
  let stopped = false;
  const report = (done: number) => {
    const capped = Math.min(total, Math.max(done, reported, 0));
    if (capped === reported) return;
    reported = capped;
    onRows({ done: capped, total });
  };
  const poll = async () => {
    // A transaction of its own per poll: statistics views are read once per transaction, not per statement.
    const { rows } = await client.query<{ relid: string; tuples: string }>(
      `SELECT p.relid::bigint AS relid, p.tuples_processed AS tuples
         FROM pg_stat_progress_copy p JOIN pg_stat_activity a ON a.pid = p.pid
        WHERE a.application_name = $1`, [appName]);
    const now = rows[0] ? Number(rows[0].relid) : null;
    if (current !== null && now !== current && options.sizes?.has(current)) seen.set(current, options.sizes.get(current)!);
    for (const row of rows) seen.set(Number(row.relid), Math.max(seen.get(Number(row.relid)) ?? 0, Number(row.tuples)));
    current = now;
    report([...seen.values()].reduce((a, b) => a + b, 0));
  };
  report(0);
  const everyMs = options.everyMs ?? 250;
  const loop = (async () => {
    while (!stopped) {
      await poll().catch(() => {});
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(finished) {
      stopped = true;
      await loop;
      if (finished) report(total);
      await client.end().catch(() => {});
    },
  };
}
