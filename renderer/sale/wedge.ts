/**
 * Barcode scanners in keyboard-wedge mode "type" the code far faster than a person and end with Enter.
 * This detector sees each key with its time and says when a burst of fast keys ending in Enter was a scan.
 * Pure: the caller passes the time, so tests need no clock.
 */
export interface WedgeOptions {
  /** Longest pause between two keys of one scan, in ms (scanners: a few ms; people: 80 ms or more). */
  maxGapMs: number;
  /** Shortest code accepted (EAN-8 is 8; shorter bursts are treated as typing). */
  minLength: number;
  maxLength: number;
}

export const DEFAULT_WEDGE: WedgeOptions = { maxGapMs: 35, minLength: 6, maxLength: 64 };

export interface WedgeState {
  buffer: string;
  lastAt: number | null;
}

export type WedgeVerdict = { kind: 'none' } | { kind: 'scan'; code: string };

export const EMPTY_WEDGE: WedgeState = { buffer: '', lastAt: null };

/** Feeds one key (its `KeyboardEvent.key`) pressed at `at` ms; returns the next state and whether a scan just ended. */
export function feedWedge(state: WedgeState, key: string, at: number, options: WedgeOptions = DEFAULT_WEDGE):
  { state: WedgeState; verdict: WedgeVerdict } {
  const fast = state.lastAt !== null && at - state.lastAt <= options.maxGapMs && at >= state.lastAt;
  if (key === 'Enter') {
    const code = state.buffer;
    const isScan = fast && code.length >= options.minLength && code.length <= options.maxLength;
    return { state: EMPTY_WEDGE, verdict: isScan ? { kind: 'scan', code } : { kind: 'none' } };
  }
  if (key.length !== 1 || key < ' ') {
    // Shift and other modifiers arrive between characters of some scanners; they neither add nor break the burst.
    if (key === 'Shift') return { state, verdict: { kind: 'none' } };
    return { state: EMPTY_WEDGE, verdict: { kind: 'none' } };
  }
  const buffer = fast ? state.buffer + key : key;
  return { state: { buffer: buffer.slice(-options.maxLength - 1), lastAt: at }, verdict: { kind: 'none' } };
}

/** True while the keys seen so far look like the start of a scan (at least two fast keys). */
export function isBursting(state: WedgeState): boolean {
  return state.buffer.length >= 2;
}
