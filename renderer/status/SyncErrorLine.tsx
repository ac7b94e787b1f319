/**
 * The status bar's last error in plain words, with the core's technical message one click away. Only shown after
 * something went wrong, so its words (es-problems.ts) come with the counter's late chunk.
 */
import type { ReactNode } from 'react';
import type { SyncStatusDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { formatDateTime } from '../format/date-time';
import { useCounterText } from '../i18n/counter-text';
import { describeSyncError } from './sync-error-text';

export function SyncErrorLine({ status }: { status: SyncStatusDto }): ReactNode {
  const t = useCounterText();
  const locale = useApp((s) => s.locale);
  const error = describeSyncError(status, t);
  if (!error) return null;
  return (
    <span className="last-error" role="alert" title={error.detail ?? undefined}>
      {t.lastError}: {error.text}
      {status.lastErrorAt ? <span className="muted"> ({formatDateTime(status.lastErrorAt, locale)})</span> : null}
      {error.detail ? (
        <details className="error-detail">
          <summary>{t.technicalDetail}</summary>
          <code>{error.detail}</code>
        </details>
      ) : null}
    </span>
  );
}
