/**
 * When to check the connection while the service cannot be reached. The interval backs off from `baseMs` but is
 * capped at `capMs` (a few seconds), so a returning connection is noticed quickly. A charge made meanwhile may
 * prompt one immediate probe per interval; a prompted probe that fails does not count as a failed attempt and
 * leaves the scheduled one where it was, so a busy counter never pushes the next check further away.
 */
export interface ProbeTuning {
  baseMs: number;
  capMs: number;
}

export class ProbeSchedule {
  private attempt = 0;
  private promptUsed = false;
  /** When the next scheduled probe is due; null = at once (nothing scheduled yet). */
  nextAt: number | null = null;

  constructor(private readonly tuning: ProbeTuning, private readonly random: () => number) {}

  /** Schedules the next probe from `at` (equal jitter: between half and all of the backed-off interval). */
  scheduleNext(at: number, capMs = this.tuning.capMs): void {
    const ceiling = Math.min(capMs, this.tuning.baseMs * 2 ** this.attempt);
    this.nextAt = at + Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
    this.promptUsed = false;
  }

  /** A scheduled probe failed: back off (up to the cap) and schedule the next. */
  failed(at: number, capMs?: number): void {
    this.attempt = Math.min(this.attempt + 1, 16);
    this.scheduleNext(at, capMs);
  }

  /** A charge asks for a probe now: granted once per scheduled interval. */
  prompt(): boolean {
    if (this.promptUsed) return false;
    this.promptUsed = true;
    return true;
  }

  /** The connection works: start from scratch next time. */
  reset(): void {
    this.attempt = 0;
    this.promptUsed = false;
    this.nextAt = null;
  }
}
