/** What the status bar says, derived from the core's sync status (pure, so it can be tested without a DOM). */
import type { SyncStatusDto } from '../../shared/bridge/types';

/** A service not in use whose sales are still on their way ("3 ventas del modo demo por enviar"). */
export interface OtherServiceSummary {
  demo: boolean;
  baseUrl: string | null;
  pending: number;
  connection: SyncStatusDto['connection'];
  /** Its engine cannot send now (offline, refused, cannot start): the bar says so next to it. */
  stuck: boolean;
}

export interface StatusSummary {
  connection: SyncStatusDto['connection'];
  /** Sales of the service in use not yet validated nor needing attention (the others' are counted apart). */
  pending: number;
  others: OtherServiceSummary[];
  needsAttention: number;
  /** Present while a batch is being sent. */
  progress: { done: number; total: number } | null;
  demo: boolean;
  lastError: string | null;
  /** "Retry now" is offered only when something failed (offline, refused, or an error); pending alone is normal work. */
  offerRetry: boolean;
  /** What the engine is doing when it is worth a word: a rate-limit hold or the next connection check, with seconds left. */
  activity: EngineActivity | null;
}

export type EngineActivity =
  | { kind: 'rate_limited' | 'waiting_for_connection'; seconds: number }
  | { kind: 'checking_connection' | 'validating' };

/** `now` is the clock the countdown is read against (the screen's own, ticking once a second). */
export function engineActivity(status: SyncStatusDto, now: number): EngineActivity | null {
  const seconds = Math.max(1, Math.ceil(((status.resumesAt ?? now) - now) / 1000));
  switch (status.connection === 'unauthorized' || status.connection === 'misconfigured' ? 'idle' : status.activity) {
    case 'rate_limited':
      return { kind: 'rate_limited', seconds };
    case 'waiting_for_connection':
      return { kind: 'waiting_for_connection', seconds };
    case 'checking_connection':
      return { kind: 'checking_connection' };
    case 'validating':
      return { kind: 'validating' };
    default:
      return null;
  }
}

export function summarizeStatus(status: SyncStatusDto, now = Date.now()): StatusSummary {
  const c = status.counts;
  const { done, total } = status.progress;
  const others = (status.others ?? [])
    .map((o) => ({
      demo: o.demo, baseUrl: o.baseUrl, pending: o.counts.waiting + o.counts.sending + o.counts.queued,
      connection: o.connection, stuck: o.connection !== 'online',
    }))
    .filter((o) => o.pending > 0);
  const elsewhere = others.reduce((sum, o) => sum + o.pending, 0);
  return {
    connection: status.connection,
    pending: Math.max(0, c.waiting + c.sending + c.queued - elsewhere),
    others,
    needsAttention: c.needs_attention,
    // Offline (or refused) nothing is being sent: the sales wait, and the bar says so instead of "sending 1 of 1";
    // held by the rate limit, the hold is said instead of a frozen "sending 4 of 9".
    progress: status.connection === 'online' && status.activity !== 'rate_limited' && total > 0 && done < total ? { done: Math.min(done + 1, total), total } : null,
    demo: status.demo,
    lastError: status.lastError,
    offerRetry: status.connection !== 'online' || status.lastError !== null,
    activity: engineActivity(status, now),
  };
}
