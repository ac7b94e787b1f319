/**
 * In the status bar: sales that have waited longer than the owner's alert time, highlighted with how old the oldest
 * is. Recounted on every status change and once a minute (a local call; the age grows while nothing changes).
 * In browser mode, leaving the page with unsent sales asks first (the browser's own dialog; this bar says how many).
 */
import { useEffect, type ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { refreshUnsent, useUnsent, waitedText } from './unsent-store';
import { afterFirstPaint } from '../app/after-first-paint';

const RECOUNT_MS = 60_000;

export function UnsentAlert(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const status = useApp((s) => s.status);
  const shell = useApp((s) => s.info?.shell);
  const unsent = useUnsent((s) => s.unsent);
  const show = useApp((s) => s.show);

  useEffect(() => { void afterFirstPaint().then(refreshUnsent); }, [status]);
  useEffect(() => {
    const timer = setInterval(() => void refreshUnsent(), RECOUNT_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (shell !== 'browser') return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      const waiting = useUnsent.getState().unsent;
      if (!waiting || waiting.count === 0) return;
      event.preventDefault();
      // Browsers show their own words; the text is kept for those that still show it.
      event.returnValue = t.quitWithUnsent(waiting.count, waitedText(waiting.at - (waiting.oldestAt ?? waiting.at), locale));
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [shell, t, locale]);

  if (!unsent || unsent.late === 0) return null;
  const age = waitedText(unsent.at - (unsent.oldestAt ?? unsent.at), locale);
  return (
    <button type="button" className="link unsent-late" role="status" title={t.unsentLateTitle} data-testid="unsent-late"
      onClick={() => show('history')}>
      {t.unsentLate(unsent.late, unsent.alertAfterMinutes)} ({age})
    </button>
  );
}
