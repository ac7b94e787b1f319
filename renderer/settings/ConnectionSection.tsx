/**
 * Demo sandbox or a real service. The secret goes straight to the core (and the keychain); this form forgets it
 * the moment it is sent, and it is never shown again.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { useText } from '../i18n/use-text';
import { checkConnection, fieldErrorsFor } from './settings-checks';

export function ConnectionSection(): ReactNode {
  const t = useText();
  const settings = useApp((s) => s.settings);
  const setSettings = useApp((s) => s.setSettings);
  const notify = useApp((s) => s.notify);
  const connection = settings?.connection;
  const [mode, setMode] = useState<'demo' | 'service'>(connection?.mode ?? 'demo');
  const [baseUrl, setBaseUrl] = useState(connection?.mode === 'service' ? connection.baseUrl : '');
  const [clientId, setClientId] = useState(connection?.mode === 'service' ? connection.clientId : '');
  const [secret, setSecret] = useState('');
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = checkConnection({ baseUrl, clientId, clientSecret: secret });
  const errorOf = (field: 'baseUrl' | 'clientId' | 'clientSecret') =>
    serverErrors[field] ?? (shown && problems[field] ? t[problems[field]] : null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setServerErrors({});
    if (mode === 'demo') {
      setBusy(true);
      const answer = await bridge.call('settings.useDemo', {});
      setBusy(false);
      if (answer.ok) { setSettings(answer.value); notify('info', t.connectionSaved); } else setFormError(answer.error.message);
      return;
    }
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    const clientSecret = secret;
    setSecret(''); // out of the renderer's state before the answer, whatever it is
    setBusy(true);
    const answer = await bridge.call('settings.saveConnection', { baseUrl: baseUrl.trim(), clientId: clientId.trim(), clientSecret });
    setBusy(false);
    setShown(false);
    if (answer.ok) {
      setSettings(answer.value);
      notify('info', t.connectionSaved);
    } else {
      setServerErrors(fieldErrorsFor(answer.error.fields));
      setFormError(answer.error.message);
    }
  };

  return (
    <form className="panel" aria-labelledby="connection-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="connection-title">{t.connectionTitle}</h2>
      <p className="muted">
        {connection?.mode === 'service' ? t.connectedTo(connection.baseUrl, connection.clientId) : t.demoExplained}
        {connection?.mode === 'service' ? ` · ${connection.hasSecret ? t.secretStored : t.secretMissing}` : ''}
      </p>
      <fieldset className="segmented">
        <legend>{t.connectionMode}</legend>
        <label><input type="radio" name="connection-mode" checked={mode === 'demo'} onChange={() => setMode('demo')} /> {t.modeDemo}</label>
        <label><input type="radio" name="connection-mode" checked={mode === 'service'} onChange={() => setMode('service')} /> {t.modeService}</label>
      </fieldset>
      {mode === 'service' ? (
        <>
          <TextField id="conn-url" type="url" label={t.baseUrl} value={baseUrl} onChange={setBaseUrl} inputMode="url"
            placeholder="https://api.example.com" error={errorOf('baseUrl')} />
          <TextField id="conn-client" label={t.clientId} value={clientId} onChange={setClientId} placeholder="fc_..."
            error={errorOf('clientId')} />
          <TextField id="conn-secret" type="password" label={t.clientSecret} value={secret} onChange={setSecret}
            autoComplete="new-password" hint={t.secretHint} error={errorOf('clientSecret')} />
        </>
      ) : null}
      {formError ? <p className="field-error" role="alert">{formError}</p> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{mode === 'demo' ? t.useDemo : t.saveConnection}</button>
      </div>
    </form>
  );
}
