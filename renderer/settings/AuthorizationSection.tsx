/** The DIAN numbering authorisation typed from the resolution, checked by the schema the core runs. */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SettingsDto } from '../../shared/bridge/types';
import { EMPTY_AUTHORIZATION, type NumberingAuthorizationDto } from '../../shared/numbering-authorization';
import { TextField } from '../app/fields';
import { useScreenText } from '../i18n/screen-text';
import { saveSettings } from './save-settings';
import { checkAuthorization, fieldErrorsFor, tidyAuthorization } from './settings-checks';
import { useSettingsDraft } from './use-settings-draft';

type Field = keyof NumberingAuthorizationDto;
const pick = (settings: SettingsDto | null): NumberingAuthorizationDto => settings?.numberingAuthorization ?? EMPTY_AUTHORIZATION;

export function AuthorizationSection(): ReactNode {
  const t = useScreenText();
  const { draft, change, reset } = useSettingsDraft(pick);
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const problems = checkAuthorization(draft);
  const errorOf = (field: Field) => serverErrors[field] ?? (shown && problems[field] ? t[problems[field]] : null);
  const set = (field: Field) => (value: string) => {
    change((a) => ({ ...a, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const field = (id: Field, label: string, extra: { inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <TextField id={`auth-${id}`} label={label} value={draft[id]} onChange={set(id)} error={errorOf(id)} {...extra} />
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    const outcome = await saveSettings({ numberingAuthorization: tidyAuthorization(draft) });
    if (outcome.ok) {
      reset();
      setShown(false);
      setServerErrors({});
    } else {
      setServerErrors(fieldErrorsFor(outcome.fields, 'numberingAuthorization'));
      setFormError(outcome.message);
    }
  };

  return (
    <form className="panel" aria-labelledby="auth-title" onSubmit={(e) => void save(e)} noValidate>
      <h2 id="auth-title">{t.authTitle}</h2>
      <p className="hint">{t.authIntro}</p>
      <div className="row">
        {field('number', t.authNumber, { inputMode: 'numeric' })}
        {field('date', t.authDate, { placeholder: 'AAAA-MM-DD' })}
      </div>
      <div className="row">
        {field('prefix', t.authPrefix)}
        {field('from', t.authFrom, { inputMode: 'numeric' })}
        {field('to', t.authTo, { inputMode: 'numeric' })}
      </div>
      <div className="row">
        {field('validFrom', t.authValidFrom, { placeholder: 'AAAA-MM-DD' })}
        {field('validUntil', t.authValidUntil, { placeholder: 'AAAA-MM-DD' })}
      </div>
      {formError ? <p className="field-error" role="alert">{formError}</p> : null}
      <div className="actions"><button type="submit" className="primary">{t.saveAuth}</button></div>
    </form>
  );
}
