/**
 * The back office's change signal: a version that moves whenever a till's push changes sales or shifts, and a
 * long-poll on it (the dashboard asks "since V", and is answered at once when V is old, else when the next push
 * commits or its wait runs out). The version starts with a per-start id, so a restarted server is always "changed".
 */
import { randomBytes } from 'node:crypto';
import { ChangeNotifier } from './change-notifier';

export class SalesSignal {
  private readonly boot = randomBytes(6).toString('base64url');
  private count = 0;
  private readonly notifier = new ChangeNotifier();

  get version(): string {
    return `${this.boot}.${this.count}`;
  }

  /** After a transaction that stored sales or shifts has committed. */
  bump(): void {
    this.count += 1;
    this.notifier.changed();
  }

  async waitPast(since: string | undefined, ms: number, signal?: AbortSignal): Promise<{ version: string; changed: boolean }> {
    if (since === undefined || since !== this.version || ms <= 0) return { version: this.version, changed: since !== this.version };
    await this.notifier.wait(ms, signal);
    return { version: this.version, changed: this.version !== since };
  }

  /** Wakes every waiter (the server is closing). */
  wakeAll(): void {
    this.notifier.changed();
  }
}
