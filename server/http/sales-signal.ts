/**
 * The back office's change signal: a version that moves whenever a till's push changes sales or shifts, and a
 * long-poll on it (the dashboard asks "since V", and is answered at once when V is old, else when the next push
 * commits or its wait runs out). The version is read from the database (the shop's generation, new at every
 * restore, and the `sales_signal` sequence), so every server process on one PostgreSQL answers the same version.
 */
import type { Database } from '../db/adapter';
import { readGeneration } from '../store/shop';
import { ChangeNotifier } from './change-notifier';

export class SalesSignal {
  private readonly notifier: ChangeNotifier;

  /** `publish`: tells the other server processes (cross-process.ts); they call `wakeLocal()`. */
  constructor(private readonly db: Database, publish: () => void = () => {}) {
    this.notifier = new ChangeNotifier(publish);
  }

  async version(): Promise<string> {
    const { rows } = await this.db.query<{ generation: string | null; count: number }>(
      'SELECT (SELECT generation FROM shop LIMIT 1) AS generation, CASE WHEN is_called THEN last_value ELSE 0 END AS count FROM sales_signal');
    // A shop made since the generation's migration gets its generation at its first read (store/shop.ts).
    const generation = rows[0]?.generation ?? await readGeneration(this.db);
    return `${generation}.${rows[0]?.count ?? 0}`;
  }

  /** After a transaction that stored sales or shifts has committed: moves the version, then wakes the waiters. */
  async bump(): Promise<void> {
    await this.db.query("SELECT nextval('sales_signal')");
    this.notifier.changed();
  }

  async waitPast(since: string | undefined, ms: number, signal?: AbortSignal): Promise<{ version: string; changed: boolean }> {
    const mark = this.notifier.mark();
    const version = await this.version();
    if (since === undefined || since !== version || ms <= 0) return { version, changed: since !== version };
    await this.notifier.wait(ms, signal, mark);
    const after = await this.version();
    return { version: after, changed: after !== since };
  }

  /** Wakes this process's waiters (a push at another process, a listener back after a loss, the server closing). */
  wakeLocal(): void {
    this.notifier.wakeLocal();
  }
}
