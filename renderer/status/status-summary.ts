/** What the status bar says, derived from the core's sync status (pure, so it can be tested without a DOM). */
import type { SyncStatusDto } from '../../shared/bridge/types';

export interface StatusSummary {
  connection: SyncStatusDto['connection'];
  /** Sales not yet validated nor needing attention. */
  pending: number;
  needsAttention: number;
  /** Present while a batch is being sent. */
  progress: { done: number; total: number } | null;
  demo: boolean;
  lastError: string | null;
  /** "Retry now" is offered only when something failed (offline, refused, or an error); pending alone is normal work. */
  offerRetry: boolean;
}

export function summarizeStatus(status: SyncStatusDto): StatusSummary {
  const c = status.counts;
  const { done, total } = status.progress;
  return {
    connection: status.connection,
    pending: c.waiting + c.sending + c.queued,
    needsAttention: c.needs_attention,
    // Offline (or refused) nothing is being sent: the sales wait, and the bar says so instead of "sending 1 of 1".
    progress: status.connection === 'online' && total > 0 && done < total ? { done: Math.min(done + 1, total), total } : null,
    demo: status.demo,
    lastError: status.lastError,
    offerRetry: status.connection !== 'online' || status.lastError !== null,
  };
}
