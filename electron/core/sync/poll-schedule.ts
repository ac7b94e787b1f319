/**
 * When to look at the service for the fate of queued documents. Polls are scheduled, never triggered by events:
 * a sale being charged or sent only adds a due time, and the engine's one poll loop (so never two polls in flight)
 * starts a poll when the earliest due time has come and the gap since the last poll has passed, one poll covering
 * every document due by then (coalesced).
 *
 * A fresh document's first look is due `firstLookMs` after it was queued (learned per service, confirm-timing.ts);
 * while still queued it is looked at again soon — a step of an eighth of the learned spread (`settleMs` minus
 * `firstLookMs`), between `minGapMs` and `followUpMaxMs` (or a tenth of the first look): fine where the service is steady, coarser where it is
 * uneven — until the service normally has answered (`settleMs`), then less and less often, up to `maxGapMs`.
 * The gap between polls adapts to the traffic: each further document waiting for the service stretches it, since
 * one list poll covers a page of them — a busy counter polls a little later and far less per invoice, a quiet one
 * learns its last sale's fate within a fraction of a second.
 */
import type { ConfirmTiming } from '../store/sync-timing';
import type { TimingObservation } from '../../../shared/api/confirm-timing';

export interface PollTuning {
  /** Shortest time between two polls, and the follow-up step while documents normally finish. */
  minGapMs: number;
  /** Longest follow-up step while documents normally finish (it bounds how late a verdict is seen). */
  followUpMaxMs: number;
  /** Longest time between looks at a stalled document (and between polls while a sending backlog comes first). */
  maxGapMs: number;
  /** How much each document waiting for the service, beyond the first, stretches the gap between polls. */
  gapPerWaitingMs: number;
}

interface Tracked {
  /** When we got it back QUEUED (or first heard of it, for one queued before this run). */
  queuedAt: number;
  /** Queued in this run: its timing is worth learning from. */
  fresh: boolean;
  dueAt: number;
  firstDueAt: number;
  lastQueuedSeenAt: number | null;
  /** Seen still queued at or after its first due time: the first look came too early. */
  missedFirstLook: boolean;
}

export class PollSchedule {
  private readonly tracked = new Map<number, Tracked>();
  private lastPollAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly tuning: PollTuning, private readonly timing: () => ConfirmTiming) {}

  /** The service just accepted a document (QUEUED): its first look is due after the learned estimate. */
  queued(entryId: number, at: number): void {
    const dueAt = at + this.timing().firstLookMs;
    this.tracked.set(entryId, { queuedAt: at, fresh: true, dueAt, firstDueAt: dueAt, lastQueuedSeenAt: null, missedFirstLook: false });
  }

  /** Lines up with the store: documents queued before this run are due now; finished or moved ones are dropped. */
  reconcile(awaiting: readonly number[], at: number): void {
    const keep = new Set(awaiting);
    for (const id of [...this.tracked.keys()]) if (!keep.has(id)) this.tracked.delete(id);
    for (const id of awaiting) {
      if (!this.tracked.has(id)) {
        this.tracked.set(id, { queuedAt: at, fresh: false, dueAt: at, firstDueAt: at, lastQueuedSeenAt: null, missedFirstLook: false });
      }
    }
  }

  /**
   * The gap between polls for the documents waiting now (sales per second × the service's time, by Little's law):
   * one waiting document is looked at only when due, so it needs no gap beyond the shortest.
   */
  gapMs(): number {
    const gap = this.tuning.minGapMs + Math.max(0, this.tracked.size - 1) * this.tuning.gapPerWaitingMs;
    return Math.min(this.tuning.maxGapMs, Math.max(this.tuning.minGapMs, gap));
  }

  /**
   * When the next poll should start; null when nothing awaits the service. `yieldToSends` stretches it to the longest gap.
   * Once every waiting document is due and one of them awaits its first look (the last sales of a burst or of a
   * drained backlog), one poll covers them all, so it need not wait for the stretched gap: only the shortest.
   */
  nextPollAt(at: number, yieldToSends = false): number | null {
    let earliest = Number.POSITIVE_INFINITY;
    let latest = Number.NEGATIVE_INFINITY;
    let firstLookPending = false;
    for (const t of this.tracked.values()) {
      earliest = Math.min(earliest, t.dueAt);
      latest = Math.max(latest, t.dueAt);
      if (!t.missedFirstLook && t.dueAt === t.firstDueAt) firstLookPending = true;
    }
    if (earliest === Number.POSITIVE_INFINITY) return null;
    const gap = yieldToSends ? this.tuning.maxGapMs : this.gapMs();
    const stretched = Math.max(earliest, this.lastPollAt + gap);
    if (yieldToSends || !firstLookPending) return stretched;
    return Math.min(stretched, Math.max(latest, this.lastPollAt + this.tuning.minGapMs));
  }

  /** A poll starts now: the documents it is for (every one due by now). */
  startPoll(at: number): Set<number> {
    this.lastPollAt = at;
    const due = new Set<number>();
    for (const [id, t] of this.tracked) if (t.dueAt <= at) due.add(id);
    return due;
  }

  /**
   * What a poll started at `at` found for one document. A finished fresh document returns what it teaches about
   * the service's timing; one still queued gets its next look (only if it was due: an early sighting in a list
   * keeps its first look where it was).
   */
  seen(entryId: number, at: number, final: boolean): TimingObservation | null {
    const t = this.tracked.get(entryId);
    if (!t) return null;
    if (final) {
      this.tracked.delete(entryId);
      if (!t.fresh) return null;
      return {
        lowerMs: t.lastQueuedSeenAt === null ? 0 : t.lastQueuedSeenAt - t.queuedAt,
        upperMs: Math.max(0, at - t.queuedAt),
        atFirstLook: !t.missedFirstLook,
      };
    }
    t.lastQueuedSeenAt = at;
    if (at >= t.firstDueAt) t.missedFirstLook = true;
    if (t.dueAt <= at) t.dueAt = at + this.followUpMs(at - t.queuedAt);
    return null;
  }

  /** Documents awaiting the service, as far as the schedule knows. */
  size(): number {
    return this.tracked.size;
  }

  private followUpMs(ageMs: number): number {
    const { settleMs, firstLookMs } = this.timing();
    const overdue = ageMs - settleMs;
    // A slow service is looked at in proportion: 400 ms late matters after 2 s, not after a minute.
    const longest = Math.max(this.tuning.followUpMaxMs, firstLookMs / 10);
    if (overdue <= 0) return Math.min(longest, Math.max(this.tuning.minGapMs, (settleMs - firstLookMs) / 8));
    return Math.min(this.tuning.maxGapMs, Math.max(this.tuning.minGapMs, overdue / 2));
  }
}
