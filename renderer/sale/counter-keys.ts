/**
 * The counter's keyboard, listened to once for the whole window (issue 26: the counter never takes the screen from a
 * cashier). Three duties, in this order, for every key:
 * - it notes when the last key came, so the receipt of the sale just charged shows itself only on a quiet counter;
 * - it watches for scanner bursts (wedge.ts) on the counter and on the receipt opened from it: a scan adds its
 *   product to the sale in progress whatever has the focus, and what the scanner typed is taken back out;
 * - a character typed where it would be lost (the receipt opened from the counter, a button of the counter, no focus
 *   at all) goes into the product search instead, and the counter comes back with it: typing is never lost.
 */
import { useEffect } from 'react';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { messagesFor } from '../i18n/messages';
import { addToSale } from './add-to-sale';
import { restoreField, snapshotField, type FieldSnapshot } from './field-restore';
import { scanKeyHandler, type FieldAccess } from './scan-keys';
import { trackScan } from './scans-in-flight';
import { PRODUCT_SEARCH_ID, useSearchText } from './search-text';

/** When the last key was pressed (performance.now() ms); the counter is quiet this long after it. */
let lastKeyAt = Number.NEGATIVE_INFINITY;
export function msSinceLastKey(now: number = performance.now()): number {
  return now - lastKeyAt;
}

/** Input types that hold no text: a character typed on them does nothing there. */
const NOT_TEXT = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);

/** True for a field a character typed into is kept by (a text box, a select, an editable element). */
export function isTextField(target: unknown): boolean {
  if (target instanceof HTMLInputElement) return !NOT_TEXT.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

/** Where the counter's keyboard applies now: the counter itself, the receipt opened from it, or neither. */
function counterPlace(): 'sale' | 'receipt' | null {
  const app = useApp.getState();
  if (app.screen === 'sale' && document.getElementById(PRODUCT_SEARCH_ID)) return 'sale';
  if (app.screen === 'receipt' && app.receiptFrom === 'sale' && document.querySelector('.receipt-screen')) return 'receipt';
  // The screen is changing to the counter (a key carried it back): until it has rendered, keys still go to the search.
  if (app.screen === 'sale' && document.querySelector('.receipt-screen')) return 'receipt';
  return null;
}

/** A character typed where no field keeps it: one printable key, no Ctrl/Alt/Meta, Space only off a button. */
export function isLostCharacter(event: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean }, target: unknown): boolean {
  if (event.key.length !== 1 || event.ctrlKey || event.altKey || event.metaKey) return false;
  if (isTextField(target)) return false;
  // Space on a button presses it; elsewhere (no focus) it is part of what is typed.
  if (event.key === ' ' && target instanceof HTMLElement && target.closest('button, a, [role="button"], [role="option"]')) return false;
  // A dialog in front (the owner's PIN, a confirmation) keeps its keys.
  if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]')) return false;
  return true;
}

/** Puts the focus in the product search with the caret after what is typed, without selecting it (that would lose it). */
export function focusSearchKeepingText(): boolean {
  // By tag, not `instanceof`: the charge path also runs where no DOM classes exist (the core's integration tests).
  const input = document.getElementById(PRODUCT_SEARCH_ID) as HTMLInputElement | null;
  if (!input || input.tagName !== 'INPUT') return false;
  input.focus();
  const end = input.value.length;
  try {
    input.setSelectionRange(end, end);
  } catch {
    // a search input always has a selection; nothing to do otherwise
  }
  return true;
}

/**
 * A scanned code into the sale in progress (tracked, so an F12 right after it waits for it). From the receipt the
 * counter comes back first. Answers whether the code was found; an unknown code is said and the search emptied.
 */
export function addScannedCode(code: string): Promise<boolean> {
  const app = useApp.getState();
  if (app.screen === 'receipt' && app.receiptFrom === 'sale') app.show('sale');
  return trackScan((async () => {
    const answer = await bridge.call('catalog.byBarcode', { barcode: code });
    if (answer.ok && answer.value) {
      addToSale(answer.value);
      return true;
    }
    return false;
  })()).then((found) => {
    if (!found) {
      useSearchText.getState().set('');
      const { notify, locale } = useApp.getState();
      notify('error', messagesFor(locale).barcodeNotFound(code));
    }
    return found;
  });
}

/** What a burst typed is taken back out: the search by its kept text (wherever it was typed), other fields in place. */
type Snapshot = { search: string } | { field: FieldSnapshot };
const FIELDS: FieldAccess<Snapshot> = {
  snapshot(target) {
    if (target instanceof HTMLElement && target.id === PRODUCT_SEARCH_ID) return { search: useSearchText.getState().text };
    const field = snapshotField(target as EventTarget | null);
    return field ? { field } : { search: useSearchText.getState().text };
  },
  restore(snapshot, target) {
    if ('search' in snapshot) useSearchText.getState().set(snapshot.search);
    else if (snapshot.field.field === target) restoreField(snapshot.field);
  },
};

export function useCounterKeys(): void {
  useEffect(() => {
    const scans = scanKeyHandler((code) => { void addScannedCode(code); }, FIELDS);
    const onKeyDown = (event: KeyboardEvent) => {
      lastKeyAt = performance.now();
      const place = counterPlace();
      if (place === null || useApp.getState().info?.mode === 'back-office') return;
      scans(event);
      if (event.defaultPrevented || !isLostCharacter(event, event.target)) return;
      event.preventDefault();
      useSearchText.getState().append(event.key);
      if (place === 'receipt') {
        if (useApp.getState().screen !== 'sale') useApp.getState().show('sale');
      } else focusSearchKeepingText();
    };
    // Text that arrives without a key (an input method, a paste) is typing too.
    const onInput = () => { lastKeyAt = performance.now(); };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('input', onInput, true);
    };
  }, []);
}
