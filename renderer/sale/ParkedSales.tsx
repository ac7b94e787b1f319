/** "Suspender" sets the sale in progress aside; "Recuperar" lists the parked ones and brings one back. */
import { useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import { focusSoon } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { CounterLaterPart } from './counter-later-loader';
import { parkSale, recallSale, refreshParked } from './park-sale';
import { useSale } from './sale-store';
import { afterFirstPaint } from '../app/after-first-paint';

/** Whether the list of parked sales is open: the Recuperar button and its shortcut (Shift+F3) share it. */
const useRecallList = create<{ open: boolean; setOpen(open: boolean): void }>()((set) => ({ open: false, setOpen: (open) => set({ open }) }));

/** Opens the list with the focus on its first sale (or on the "none parked" line), for the keyboard. */
export function openRecallList(): void {
  useRecallList.getState().setOpen(true);
  focusSoon('parked-first');
}

export function ParkedSales(): ReactNode {
  const t = useText();
  const parked = useSale((s) => s.parked);
  const busy = useSale((s) => s.charging);
  const empty = useSale((s) => s.lines.length === 0);
  const open = useRecallList((s) => s.open);
  const setOpen = useRecallList((s) => s.setOpen);
  useEffect(() => { void afterFirstPaint().then(refreshParked); }, []);
  return (
    <section className="parked-sales" aria-label={t.parkedTitle}>
      <div className="row">
        <button type="button" onClick={() => void parkSale()} disabled={busy || empty}>{t.park}</button>
        <button type="button" aria-expanded={open} aria-controls="parked-list" onClick={() => setOpen(!open)} disabled={parked.length === 0 && !open}>
          {t.recall} ({parked.length})
        </button>
      </div>
      {/* The list comes with the counter's late chunk (ParkedList.tsx); the focus asked for meanwhile follows it. */}
      {open ? <CounterLaterPart>{(later) => <later.ParkedList parked={parked} busy={busy} close={() => setOpen(false)} recall={(n) => void recallSale(n)} />}</CounterLaterPart> : null}
    </section>
  );
}
