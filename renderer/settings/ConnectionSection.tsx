/**
 * Demo sandbox or a real service. The secret goes straight to the core (and the keychain); this form forgets it
 * the moment it is sent, and it is never shown again.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SettingsDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError, localizeFields } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { refreshSettings } from './refresh-settings';
import { checkConnection, fieldErrorsFor } from './settings-checks';
import { useSettingsDraft } from './use-settings-draft';
import { callWithOwner } from '../people/owner-pin';

interface ConnectionDraft { mode: 'demo' | 'service'; baseUrl: string; clientId: string }

// The last real service's address stays filled in while on the demo, so switching back needs only the secret.
const pickConnection = (s: SettingsDto | null): ConnectionDraft =>
  ({ mode: s?.connection.mode ?? 'demo', baseUrl: s?.connection.baseUrl ?? '', clientId: s?.connection.clientId ?? '' });

export function ConnectionSection(): ReactNode {
  const t = useScreenText();
  const connection = useApp((s) => s.settings?.connection);
  const notify = useApp((s) => s.notify);
  const { draft, change, reset } = useSettingsDraft(pickConnection);
  const { mode, baseUrl, clientId } = draft;
  const set = <K extends keyof ConnectionDraft>(field: K) => (value: ConnectionDraft[K]) => {
    setUnreachable(false); // "save anyway" only for the details that could not be reached
    change((d) => ({ ...d, [field]: value }));
  };
  const [secret, setSecret] = useState('');
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The service could not be reached: the same details may be saved anyway, on purpose (sales wait).
  const [unreachable, setUnreachable] = useState(false);
  const [keptSecret, setKeptSecret] = useState('');
  const problems = checkConnection({ baseUrl, clientId, clientSecret: secret });
  const errorOf = (field: 'baseUrl' | 'clientId' | 'clientSecret') =>
    serverErrors[field] ?? (shown && problems[field] ? t[problems[field]] : null);

  /** Every section shows the new connection's values at once (no reload): the settings are read again. */
  const switched = async (answered: SettingsDto) => {
    await refreshSettings(answered);
    reset();
    notify('info', t.connectionSaved);
  };

  const save = async (event: FormEvent | null, saveUnverified = false) => {
    event?.preventDefault();
    setFormError(null);
    setServerErrors({});
    setUnreachable(false);
    if (mode === 'demo') {
      setBusy(true);
      const answer = await callWithOwner('settings.useDemo', {}, 'settings', t.approveUseDemo);
      setBusy(false);
      if (answer.ok) await switched(answer.value);
      else setFormError(describeBridgeError(answer.error, t));
      return;
    }
    const clientSecret = saveUnverified ? keptSecret : secret;
    setShown(true);
    if (!saveUnverified && Object.keys(problems).length > 0) return;
    setSecret(''); // out of the renderer's state before the answer, whatever it is
    setKeptSecret('');
    setBusy(true);
    const answer = await bridge.call('settings.saveConnection', {
      baseUrl: baseUrl.trim(), clientId: clientId.trim(), clientSecret, ...(saveUnverified ? { saveUnverified: true } : {}),
    });
    setBusy(false);
    setShown(false);
    if (answer.ok) await switched(answer.value);
    else {
      setServerErrors(fieldErrorsFor(localizeFields(answer.error.fields, t)));
      setFormError(describeBridgeError(answer.error, t));
      // Only for "could not be reached": held until the person decides, then dropped either way.
      if (answer.error.code === 'UNAVAILABLE') {
        setKeptSecret(clientSecret);
        setUnreachable(true);
      }
    }
  };
  const secretNote = (c: SettingsDto['connection']): string =>
    c.secretState === 'unreadable' ? `${t.secretUnreadable}${c.keychainProblem ? ` (${c.keychainProblem})` : ''}`
      : c.hasSecret ? t.secretStored : t.secretMissing;

  return (
    <form className="panel" aria-labelledby="connection-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="connection-title">{t.connectionTitle}</h2>
      <p className="muted">
        {connection?.mode === 'service' ? t.connectedTo(connection.baseUrl, connection.clientId) : t.demoExplained}
        {connection?.mode === 'service' ? ` · ${secretNote(connection)}` : ''}
      </p>
      <fieldset className="segmented">
        <legend>{t.connectionMode}</legend>
        <label><input type="radio" name="connection-mode" checked={mode === 'demo'} onChange={() => set('mode')('demo')} /> {t.modeDemo}</label>
        <label><input type="radio" name="connection-mode" checked={mode === 'service'} onChange={() => set('mode')('service')} /> {t.modeService}</label>
      </fieldset>
      {mode === 'service' ? (
        <>
          <TextField id="conn-url" type="url" label={t.baseUrl} value={baseUrl} onChange={set('baseUrl')} inputMode="url"
            placeholder="https://api.example.com" error={errorOf('baseUrl')} />
          <TextField id="conn-client" label={t.clientId} value={clientId} onChange={set('clientId')} placeholder="fc_..."
            error={errorOf('clientId')} />
          <TextField id="conn-secret" type="password" label={t.clientSecret} value={secret} onChange={setSecret}
            autoComplete="new-password" hint={t.secretHint} error={errorOf('clientSecret')} />
        </>
      ) : null}
      {formError ? <p className="field-error" role="alert">{formError}</p> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{mode === 'demo' ? t.useDemo : t.saveConnection}</button>
        {unreachable && mode === 'service' ? (
          <button type="button" disabled={busy} onClick={() => void save(null, true)}>{t.saveUnverified}</button>
        ) : null}
      </div>
    </form>
  );
}
