/**
 * Learning how long a service takes from QUEUED to a final status, from the look-ups we make anyway. Each finished
 * document tells us: it was still QUEUED at `lowerMs` after we got it back (0 if we never saw it queued), and final
 * at `upperMs`; `atFirstLook` says the first look-up already found it final (so it may have finished much earlier).
 *
 * `firstLookMs` is a low estimate on purpose: a look-up too early costs one request, a look-up too late costs the
 * cashier waiting. It drops fast when first looks succeed (the service got quicker, or we were late) and climbs
 * slowly, never past a time at which a document was proven still queued; so about one document in 25 finishes
 * before its first look (a random 1–8 s service is looked at from about 1.3 s, a steady 2 s service at 1.6–2 s).
 * `settleMs` follows the slow end, so follow-ups stay quick while documents normally finish and back off after.
 *
 * One poll is one trial of that timing, however many documents it covered (`learnFromPoll`): a drained backlog's
 * poll finds hundreds of documents final at their first look, and counting each as a trial drove the estimate to
 * zero (0.8 to the power 300) and the slow end with it, so the last sales of a drain were looked at too early, then
 * again only after the long gap for many waiting documents.
 */
/** A service's learned timing: when to look first at a fresh document, and by when nearly all have finished. */
export interface ConfirmTiming {
  /** After QUEUED, the first look-up goes out this late (a low estimate: few documents finish earlier). */
  firstLookMs: number;
  /** Nearly every document is final by then; after it, look-ups of a stalled document back off. */
  settleMs: number;
  /** Documents learned from so far. */
  samples: number;
}

export interface TimingObservation {
  lowerMs: number;
  upperMs: number;
  atFirstLook: boolean;
}

/** Before anything is learned: look after a second, expect the verdict within ten. */
export const DEFAULT_TIMING: ConfirmTiming = { firstLookMs: 1_000, settleMs: 10_000, samples: 0 };

const CLIMB = 1.01;
const DROP = 0.8;
/** The first few documents set the estimate outright, so a new till is calibrated by its first sales. */
const BOOT_SAMPLES = 3;
const MAX_MS = 10 * 60_000;

const bounded = (ms: number): number => Math.min(MAX_MS, Math.max(0, Math.round(ms)));

/**
 * How the first few documents set the estimate. `midpoint` (the till's): between the last time a document was seen
 * queued and the time it was seen final, and half of it when found final at a first look. `proven` (the shop
 * server's): at the last time it was seen queued, never past it, and the usual drop when a later document is found
 * final at its first look. The server learns for every till at once: under `midpoint` a first guess a little past
 * the verdict, then one document final at its first look, left it looking at half the service's time for the rest of
 * a run (a percent a poll back); a till under `proven` spends a read or two more per sale while it climbs, which four
 * fresh tills on one budget could not afford (bench:shop-rate's `stream-own`: 5.2 requests per sale instead of 3.8).
 */
export type BootRule = 'midpoint' | 'proven';

export function learnTiming(timing: ConfirmTiming, obs: TimingObservation, boot: BootRule = 'midpoint'): ConfirmTiming {
  return learnOnce(timing, obs, Math.max(0, obs.lowerMs, obs.upperMs), boot);
}

/**
 * What one poll teaches: its documents taken as one trial. The first look's estimate moves once, from the document
 * that says the most (found final at its first look: the quickest of those, a low estimate on purpose; otherwise the
 * one proven queued the longest); the slow end moves once, towards the slowest document the poll saw.
 */
export function learnFromPoll(timing: ConfirmTiming, observations: readonly TimingObservation[], boot: BootRule = 'midpoint'): ConfirmTiming {
  if (observations.length === 0) return timing;
  const early = observations.filter((o) => o.atFirstLook || o.upperMs <= timing.firstLookMs);
  const pick = early.length > 0
    ? early.reduce((a, b) => (b.upperMs < a.upperMs ? b : a))
    : observations.reduce((a, b) => (b.lowerMs > a.lowerMs ? b : a));
  const slowest = Math.max(...observations.map((o) => Math.max(0, o.lowerMs, o.upperMs)));
  return learnOnce(timing, pick, slowest, boot);
}

/** A first few documents' guess at the first look (see BootRule). */
function bootGuess(timing: ConfirmTiming, atFirstLook: boolean, lower: number, upper: number, boot: BootRule): number {
  // Found final at the first look: it may have been much quicker, so halve (a new till starts from a guess)...
  if (atFirstLook) {
    // ...except, under `proven`, after the very first document: then the usual drop.
    return boot === 'proven' && timing.samples > 0 ? Math.min(timing.firstLookMs, upper) * DROP : upper / 2;
  }
  if (boot === 'midpoint') return (lower + upper) / 2;
  return lower > 0 ? lower : upper / 2;
}

/**
 * A timing read back from storage, or null when it is not one the learner could have made (a negative time, one past
 * its ten-minute bound, a fraction): a damaged row is not believed.
 */
export function storedTiming(row: { firstLookMs: number; settleMs: number; samples: number }): ConfirmTiming | null {
  const inBounds = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_MS;
  if (!inBounds(row.firstLookMs) || !inBounds(row.settleMs) || !Number.isSafeInteger(row.samples) || row.samples < 0) return null;
  return { firstLookMs: row.firstLookMs, settleMs: row.settleMs, samples: row.samples };
}

function learnOnce(timing: ConfirmTiming, obs: TimingObservation, slowestMs: number, boot: BootRule): ConfirmTiming {
  const lower = Math.max(0, obs.lowerMs);
  const upper = Math.max(lower, obs.upperMs);
  const samples = timing.samples + 1;
  if (timing.samples < BOOT_SAMPLES) {
    const guess = bootGuess(timing, obs.atFirstLook, lower, upper, boot);
    const firstLookMs = timing.samples === 0 ? guess : Math.min(timing.firstLookMs, guess);
    const settleMs = timing.samples === 0 ? slowestMs : Math.max(timing.settleMs, slowestMs);
    return { firstLookMs: bounded(firstLookMs), settleMs: bounded(Math.max(settleMs, firstLookMs)), samples };
  }
  const firstLookMs = obs.atFirstLook || upper <= timing.firstLookMs
    ? Math.min(timing.firstLookMs, upper) * DROP
    : Math.max(timing.firstLookMs, Math.min(timing.firstLookMs * CLIMB, lower));
  // The slow end: jump halfway up to a slower document at once, decay by 2 % per quicker one.
  const settleMs = slowestMs > timing.settleMs ? timing.settleMs + (slowestMs - timing.settleMs) / 2 : timing.settleMs * 0.98;
  return { firstLookMs: bounded(firstLookMs), settleMs: bounded(Math.max(settleMs, firstLookMs)), samples };
}
