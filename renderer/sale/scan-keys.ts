/**
 * The scanner listener's decisions, without the DOM: every key goes to the wedge detector whatever has the focus;
 * when a burst turns out to be a scan, its Enter goes no further, the focused field gets back the value it had
 * before the burst, and the code is handed on. The field access is passed in, so tests can use plain objects.
 */
import { DEFAULT_WEDGE, EMPTY_WEDGE, feedWedge, startsBurst, type WedgeOptions, type WedgeState } from './wedge';

export interface KeyEventLike {
  key: string;
  timeStamp: number;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: unknown;
  preventDefault(): void;
  stopPropagation(): void;
}

export interface FieldAccess<S> {
  /** The focused field's value before this key reaches it; null when the target is not a field. */
  snapshot(target: unknown): S | null;
  /** Puts the field back; `target` is where the Enter landed (a field that lost the focus is left alone). */
  restore(snapshot: S, target: unknown): void;
}

export function scanKeyHandler<S>(onScan: (code: string) => void, fields: FieldAccess<S>, options: WedgeOptions = DEFAULT_WEDGE):
  (event: KeyEventLike) => void {
  let state: WedgeState = EMPTY_WEDGE;
  let before: S | null = null;
  return (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) {
      state = EMPTY_WEDGE;
      before = null;
      return;
    }
    // keydown comes before the character reaches the field, so this is the value without it.
    const snapshot = fields.snapshot(event.target);
    const { state: next, verdict } = feedWedge(state, event.key, event.timeStamp, options);
    state = next;
    if (startsBurst(next)) before = snapshot;
    if (verdict.kind !== 'scan') return;
    event.preventDefault();
    event.stopPropagation();
    const typedInto = before;
    before = null;
    if (typedInto !== null) fields.restore(typedInto, event.target);
    onScan(verdict.code);
  };
}
