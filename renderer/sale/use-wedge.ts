/**
 * Listens for scanner bursts anywhere on the sale screen, except inside form fields where the cashier is typing
 * (the product search is the exception: it is marked data-wedge="capture").
 */
import { useEffect, useRef } from 'react';
import { EMPTY_WEDGE, feedWedge, type WedgeState } from './wedge';

function isTypingField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.dataset.wedge === 'capture') return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
    || target instanceof HTMLSelectElement;
}

export function useWedge(onScan: (code: string) => void): void {
  const state = useRef<WedgeState>(EMPTY_WEDGE);
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTypingField(event.target)) {
        state.current = EMPTY_WEDGE;
        return;
      }
      const { state: next, verdict } = feedWedge(state.current, event.key, event.timeStamp);
      state.current = next;
      if (verdict.kind === 'scan') {
        event.preventDefault();
        event.stopPropagation();
        latest.current(verdict.code);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
