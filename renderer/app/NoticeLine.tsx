/** The latest message to the cashier, announced to screen readers; errors stay until dismissed. */
import { useEffect, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { useApp } from './app-store';

export function NoticeLine(): ReactNode {
  const t = useText();
  const notice = useApp((s) => s.notice);
  const clear = useApp((s) => s.clearNotice);
  useEffect(() => {
    if (!notice || notice.kind === 'error') return;
    const timer = setTimeout(clear, 6000);
    return () => clearTimeout(timer);
  }, [notice, clear]);
  return (
    <div className="notice-region" aria-live="polite">
      {notice ? (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
          <button type="button" className="icon-button" aria-label={t.dismiss} onClick={clear}>×</button>
        </p>
      ) : null}
    </div>
  );
}
