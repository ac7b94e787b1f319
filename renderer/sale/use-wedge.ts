/**
 * Listens for scanner bursts anywhere on the sale screen, whatever has the focus: the product search, a quantity or
 * price field, the customer's fields. A scan adds its product; what the scanner typed into the focused field is
 * taken back out, so a barcode never becomes a quantity of 7 702 001 001 033.
 */
import { useEffect, useRef } from 'react';
import { restoreField, snapshotField, type FieldSnapshot } from './field-restore';
import { scanKeyHandler } from './scan-keys';

const DOM_FIELDS = {
  snapshot: snapshotField,
  restore(snapshot: FieldSnapshot, target: unknown) {
    if (snapshot.field === target) restoreField(snapshot);
  },
};

export function useWedge(onScan: (code: string) => void): void {
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    const onKeyDown = scanKeyHandler((code) => latest.current(code), DOM_FIELDS);
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
