/**
 * Settings → Actualizaciones: this till's version, and a refused update in words (why, which version, when) with
 * the owner's dismissal. The notice comes with the status snapshot, so it appears here and goes as the core says.
 */
import { useState, type ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime } from '../format/date-time';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { UPDATES_SECTION_ID } from './updates-section-id';

export function UpdatesSection(): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const version = useApp((s) => s.info?.version ?? '');
  const refusal = useApp((s) => s.status?.updateRefusal ?? null);
  const setStatus = useApp((s) => s.setStatus);
  const [said, setSaid] = useState<{ kind: 'done' | 'problem'; text: string } | null>(null);

  const dismiss = async () => {
    if (!refusal) return;
    setSaid(null);
    const answer = await callWithOwner('updates.dismiss', { version: refusal.version }, 'settings');
    if (!answer.ok) return setSaid({ kind: 'problem', text: describeBridgeError(answer.error, t) });
    setSaid({ kind: 'done', text: t.updateDismissed });
    // The status event follows; reading it now makes the notice go at once.
    const status = await bridge.call('sync.status', {});
    if (status.ok) setStatus(status.value);
  };

  return (
    <section className="panel updates-section" id={UPDATES_SECTION_ID} tabIndex={-1} aria-labelledby="updates-title">
      <h2 id="updates-title">{t.updatesTitle}</h2>
      <p className="muted">{t.updatesIntro(version)}</p>
      {refusal ? (
        <div className="panel setup-notice update-refusal" role="alert">
          <p><strong>{t.updateRefused(t.updateRefusalReasons[refusal.reason])}</strong></p>
          <p>{t.updateRefusedWhen(refusal.version, formatDateTime(refusal.at, locale))}</p>
          <p>{t.updateRefusedAdvice}</p>
          {refusal.detail ? (
            <details className="error-detail">
              <summary>{t.technicalDetail}</summary>
              <code>{refusal.detail}</code>
            </details>
          ) : null}
          <div className="actions">
            <button type="button" onClick={() => void dismiss()}>{t.updateDismiss}</button>
          </div>
        </div>
      ) : <p role="status">{said?.kind === 'done' ? said.text : t.updatesNothing}</p>}
      {said?.kind === 'problem' ? <p className="field-error" role="alert">{said.text}</p> : null}
    </section>
  );
}
