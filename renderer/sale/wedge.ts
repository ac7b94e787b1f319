/**
 * Barcode scanners in keyboard-wedge mode "type" the code far faster than a person and end with Enter.
 * This detector sees each key with its time and says when a burst of keys ending in Enter was a scan.
 * A burst is judged as a whole, by its average interval and its length, not by its slowest gap: some scanners
 * pause 60 ms or so in the middle of a code, and that must not split it into a partial scan plus typed text.
 * Pure: the caller passes the time, so tests need no clock.
 */
export interface WedgeOptions {
  /** Longest pause inside one burst, in ms; a longer one starts a new burst (and an Enter after it is typing). */
  maxPauseMs: number;
  /** Longest average interval of a scan, Enter included (scanners: 1–20 ms a key; people: 80 ms or more). */
  maxAverageMs: number;
  /** Shortest code accepted (EAN-8 is 8; shorter bursts are treated as typing). */
  minLength: number;
  maxLength: number;
}

export const DEFAULT_WEDGE: WedgeOptions = { maxPauseMs: 90, maxAverageMs: 30, minLength: 6, maxLength: 64 };

export interface WedgeState {
  buffer: string;
  /** When the burst's first character arrived. */
  startedAt: number | null;
  lastAt: number | null;
}

export type WedgeVerdict = { kind: 'none' } | { kind: 'scan'; code: string };

export const EMPTY_WEDGE: WedgeState = { buffer: '', startedAt: null, lastAt: null };

/** Feeds one key (its `KeyboardEvent.key`) pressed at `at` ms; returns the next state and whether a scan just ended. */
export function feedWedge(state: WedgeState, key: string, at: number, options: WedgeOptions = DEFAULT_WEDGE):
  { state: WedgeState; verdict: WedgeVerdict } {
  const continues = state.lastAt !== null && at >= state.lastAt && at - state.lastAt <= options.maxPauseMs;
  if (key === 'Enter') {
    const code = state.buffer;
    const average = continues && state.startedAt !== null ? (at - state.startedAt) / code.length : Infinity;
    const isScan = average <= options.maxAverageMs && code.length >= options.minLength && code.length <= options.maxLength;
    return { state: EMPTY_WEDGE, verdict: isScan ? { kind: 'scan', code } : { kind: 'none' } };
  }
  if (key.length !== 1 || key < ' ') {
    // Shift and other modifiers arrive between characters of some scanners; they neither add nor break the burst.
    if (key === 'Shift') return { state, verdict: { kind: 'none' } };
    return { state: EMPTY_WEDGE, verdict: { kind: 'none' } };
  }
  if (!continues) return { state: { buffer: key, startedAt: at, lastAt: at }, verdict: { kind: 'none' } };
  // Too long for a code: it stays too long (and so is not a scan) until a pause starts a new burst.
  const buffer = (state.buffer + key).slice(0, options.maxLength + 1);
  return { state: { buffer, startedAt: state.startedAt, lastAt: at }, verdict: { kind: 'none' } };
}

/** True when this key started a new burst (the moment to remember what the focused field held before it). */
export function startsBurst(state: WedgeState): boolean {
  return state.buffer.length === 1;
}
