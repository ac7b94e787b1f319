/**
 * The latest message to the cashier, announced to screen readers. Where it sits (issue 29: a notice never covers
 * what the cashier needs next):
 * - on the counter, in its own line above the cart (`place="counter"`, SaleScreen): the cart gives up that height
 *   while it shows and scrolls inside itself, so the notice covers no quick key, chip, search, line, total or Cobrar;
 * - in Tienda and on the back-office PC, a line of its own below the screen;
 * - on the other screens, an overlay over the bottom of the screen that never moves the layout.
 * Information goes by itself after 6 s; an error stays until Esc or its ×, or until the cashier does what it asked
 * (a product added after "not in the catalog", the cash reaching, a product in an empty sale).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { create } from 'zustand';
import { useText } from '../i18n/use-text';
import { readCart } from '../sale/cart';
import { useSale } from '../sale/sale-store';
import { useApp } from './app-store';
import { isNotFoundNotice } from './notice-rules';

/** How many counter slots are on screen: while one is, the window's overlay stays empty (one notice, one place). */
const useCounterSlots = create<{ count: number; add(step: number): void }>((set) => ({
  count: 0,
  add: (step) => set((s) => ({ count: s.count + step })),
}));

function useCounterSlot(counter: boolean): void {
  const add = useCounterSlots((s) => s.add);
  useEffect(() => {
    if (!counter) return;
    add(1);
    return () => add(-1);
  }, [counter, add]);
}

export function NoticeToast({ place = 'window' }: { place?: 'window' | 'counter' }): ReactNode {
  const t = useText();
  const counter = place === 'counter';
  useCounterSlot(counter);
  const counterShown = useCounterSlots((s) => s.count > 0);
  const notice = useApp((s) => s.notice);
  const clear = useApp((s) => s.clearNotice);
  const locale = useApp((s) => s.locale);
  const lineCount = useSale((s) => s.lines.length);
  const cartEmpty = lineCount === 0;
  const cartReady = useSale((s) => readCart(s.lines, locale).ready);
  // Tienda (issue 26): its tables and forms fill the screen to the bottom, so there the notice takes its own line
  // below them instead of lying over them (at 1024×768 it covered rows and buttons).
  const inFlow = useApp((s) => s.screen === 'owner' || s.info?.mode === 'back-office');
  // "Fix the values in red" / "add a product" stop being true the moment the cashier does it: they go then.
  useEffect(() => {
    if (notice?.text === t.chargeFixLines && (cartReady || cartEmpty)) clear();
    else if (notice?.text === t.chargeEmpty && !cartEmpty) clear();
  }, [notice, cartReady, cartEmpty, t, clear]);
  // "Not in the catalog" is answered by the next product that goes into the sale.
  const linesAtNotice = useRef(lineCount);
  useEffect(() => { linesAtNotice.current = useSale.getState().lines.length; }, [notice]);
  useEffect(() => {
    if (notice?.kind === 'error' && lineCount > linesAtNotice.current && isNotFoundNotice(notice.text, t)) clear();
  }, [notice, lineCount, t, clear]);
  useEffect(() => {
    if (!counter && counterShown) return; // the counter's slot times it
    if (!notice || notice.kind === 'error') return;
    const timer = setTimeout(clear, 6000);
    return () => clearTimeout(timer);
  }, [notice, clear, counter, counterShown]);
  // One live region at a time: while the counter shows the notice in its own slot, the window's overlay is not drawn.
  if (!counter && counterShown) return null;
  const where = counter ? ' notice-counter' : inFlow ? ' notice-in-flow' : '';
  return (
    <div className={`notice-region${where}`} aria-live="polite">
      {notice ? (
        <div className={`notice notice-${notice.kind}`}>
          <p className="notice-text" role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>
          <button type="button" className="icon-button" aria-label={t.dismiss} onClick={clear}>×</button>
        </div>
      ) : null}
    </div>
  );
}
