/**
 * Always visible: connection, pending sales and progress, the DEMO badge, and the last error in plain words (its line
 * and words come with the counter's late chunk, `SyncErrorLine.tsx`).
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { FirstMessages } from '../i18n/messages';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { CounterLaterPart } from '../sale/counter-later-loader';
import { useText } from '../i18n/use-text';
import { summarizeStatus, type EngineActivity } from './status-summary';

export function StatusBar(): ReactNode {
  const t = useText();
  const status = useApp((s) => s.status);
  const setStatus = useApp((s) => s.setStatus);
  const show = useApp((s) => s.show);
  const now = useSecondTick(status?.resumesAt != null);
  if (!status) return <footer className="status-bar" role="status">{t.statusLoading}</footer>;
  const s = summarizeStatus(status, now);
  const checkingOnly = s.activity?.kind === 'checking_connection' && s.connection === 'online';
  const retry = async () => {
    const answer = await bridge.call('sync.retryNow', {});
    if (answer.ok) setStatus(answer.value);
  };
  return (
    <footer className="status-bar" aria-label={t.statusBar}>
      <span className={`connection connection-${s.connection}`} role="status">
        <span className="dot" aria-hidden="true" />
        {/* Before any call came back, "online" would only be a hope: say what is happening instead. */}
        {checkingOnly ? t.activityChecking : t.connection[s.connection]}
      </span>
      {s.demo ? <span className="demo-badge" title={t.demoExplained}>DEMO</span> : null}
      {/* A paired till says which till of the shop it is (the server's unique name). */}
      {status.shopServer?.tillName ? <span className="till-name" data-testid="status-till-name">{status.shopServer.tillName}</span> : null}
      <span className="pending" role="status">
        {s.progress ? t.sendingProgress(s.progress.done, s.progress.total) : t.pendingCount(s.pending)}
      </span>
      {s.activity && !checkingOnly ? <span className={`activity activity-${s.activity.kind}`} role="status">{activityText(s.activity, t)}</span> : null}
      {s.others.map((o) => (
        <span key={o.baseUrl ?? 'demo'} className={`other-service${o.stuck ? ' stuck' : ''}`} role="status">
          {t.otherServicePending(o.pending, o.demo ? null : o.baseUrl)}
          {o.stuck ? ` (${t.connection[o.connection]})` : null}
        </span>
      ))}
      {/* The lines that speak only in some states come with the counter's late chunk (StatusExtras.tsx). */}
      <CounterLaterPart passive>{(later) => <later.StatusExtras />}</CounterLaterPart>
      {s.needsAttention > 0 ? (
        <button type="button" className="link attention" onClick={() => show('history')}>{t.needsAttentionCount(s.needsAttention)}</button>
      ) : null}
      {status.lastError?.trim() ? <CounterLaterPart waiting={null}>{(later) => <later.SyncErrorLine status={status} />}</CounterLaterPart> : null}
      {s.offerRetry ? (
        <button type="button" className="small" onClick={() => void retry()}>{t.retryNow}</button>
      ) : null}
    </footer>
  );
}

function activityText(activity: EngineActivity, t: FirstMessages): string {
  switch (activity.kind) {
    case 'rate_limited':
      return t.activityRateLimited(activity.seconds);
    case 'waiting_for_connection':
      return t.activityWaitingConnection(activity.seconds);
    case 'checking_connection':
      return t.activityChecking;
    case 'validating':
      return t.activityValidating;
  }
}

/** The clock a countdown is shown against, re-read every second only while there is one. */
function useSecondTick(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
