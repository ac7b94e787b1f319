/**
 * The latest message to the cashier, announced to screen readers: an overlay over the bottom of the screen that
 * never moves the layout (in Tienda: a line of its own below the screen). Information goes by itself after 6 s; an
 * error stays until Esc or its ×, always in view.
 */
import { useEffect, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { readCart } from '../sale/cart';
import { useSale } from '../sale/sale-store';
import { useApp } from './app-store';

export function NoticeToast(): ReactNode {
  const t = useText();
  const notice = useApp((s) => s.notice);
  const clear = useApp((s) => s.clearNotice);
  const locale = useApp((s) => s.locale);
  const cartEmpty = useSale((s) => s.lines.length === 0);
  const cartReady = useSale((s) => readCart(s.lines, locale).ready);
  // Tienda (issue 26): its tables and forms fill the screen to the bottom, so there the notice takes its own line
  // below them instead of lying over them (at 1024×768 it covered rows and buttons).
  const inFlow = useApp((s) => s.screen === 'owner' || s.info?.mode === 'back-office');
  // "Fix the values in red" / "add a product" stop being true the moment the cashier does it: they go then.
  useEffect(() => {
    if (notice?.text === t.chargeFixLines && (cartReady || cartEmpty)) clear();
    else if (notice?.text === t.chargeEmpty && !cartEmpty) clear();
  }, [notice, cartReady, cartEmpty, t, clear]);
  useEffect(() => {
    if (!notice || notice.kind === 'error') return;
    const timer = setTimeout(clear, 6000);
    return () => clearTimeout(timer);
  }, [notice, clear]);
  return (
    <div className={`notice-region${inFlow ? ' notice-in-flow' : ''}`} aria-live="polite">
      {notice ? (
        <div className={`notice notice-${notice.kind}`}>
          <p className="notice-text" role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>
          <button type="button" className="icon-button" aria-label={t.dismiss} onClick={clear}>×</button>
        </div>
      ) : null}
    </div>
  );
}
