/**
 * What a scanner typed into a form field before its Enter showed it was a scan is taken back out: the field is
 * put back to the value it had when the burst began. React's controlled fields learn the change through the same
 * input/change event typing fires, so the screen's state follows.
 */
export interface FieldSnapshot {
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value: string;
  selection: readonly [number, number] | null;
}

export function snapshotField(target: EventTarget | null): FieldSnapshot | null {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return null;
  let selection: FieldSnapshot['selection'] = null;
  if (!(target instanceof HTMLSelectElement)) {
    try {
      // Number-like inputs have no selection API; the value alone is enough there.
      if (target.selectionStart !== null && target.selectionEnd !== null) selection = [target.selectionStart, target.selectionEnd];
    } catch {
      selection = null;
    }
  }
  return { field: target, value: target.value, selection };
}

export function restoreField(snapshot: FieldSnapshot): void {
  const { field } = snapshot;
  if (!field.isConnected || field.value === snapshot.value) return;
  const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype
    : field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // The prototype's setter, not `field.value =`: React ignores a value it set itself through the element.
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, snapshot.value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  if (snapshot.selection && !(field instanceof HTMLSelectElement)) {
    try {
      field.setSelectionRange(snapshot.selection[0], snapshot.selection[1]);
    } catch {
      // not every input type keeps a selection
    }
  }
}
