/**
 * The status bar's figures: the engine's snapshot plus batch progress ("sending 12 of 40"). A batch starts when
 * work appears after an idle moment and ends when nothing is left to send.
 */
import type { OtherServiceStatusDto, SyncStatusDto } from '../../../shared/bridge/types';
import type { SyncSnapshot } from '../sync/sync-engine';

export class SendProgress {
  private done = 0;
  private total = 0;

  /** Call with every fresh snapshot; returns the progress to show. */
  update(snapshot: SyncSnapshot): { done: number; total: number } {
    const left = snapshot.counts.waiting + snapshot.counts.sending;
    if (left === 0) {
      this.done = 0;
      this.total = 0;
    } else {
      this.total = Math.max(this.total, this.done + left);
    }
    return { done: this.done, total: this.total };
  }

  /** A sale finished its send (queued, validated, or needs attention). */
  sent(): void {
    if (this.done < this.total) this.done++;
  }
}

/**
 * A saved connection that cannot be used (see ServiceConnection.status) outranks the engine's own words: the
 * status bar says what is wrong with the configuration until Settings fixes it.
 */
export function syncStatusDto(
  snapshot: SyncSnapshot,
  progress: { done: number; total: number },
  demo: boolean,
  problem: { code: string; message: string; at: number } | null = null,
  others: ReadonlyArray<Omit<OtherServiceStatusDto, 'demo'> & { mode: 'demo' | 'service' }> = [],
): SyncStatusDto {
  return {
    connection: problem ? 'misconfigured' : snapshot.connection,
    counts: { ...snapshot.counts },
    progress,
    lastError: problem ? problem.message : snapshot.lastError,
    lastErrorCode: problem ? problem.code : snapshot.lastErrorCode,
    lastErrorAt: problem ? problem.at : snapshot.lastErrorAt,
    demo,
    // Each service not in use with sales on their way: its own counts and its own engine's state.
    others: others.map((o) => ({
      demo: o.mode === 'demo', baseUrl: o.baseUrl, counts: { ...o.counts }, connection: o.connection, lastErrorCode: o.lastErrorCode,
    })),
    // A configuration problem outranks what the engine is doing (it is not doing anything useful).
    ...(problem ? {} : { activity: snapshot.activity ?? 'idle', resumesAt: snapshot.resumesAt ?? null }),
  };
}
