/** A municipality by name ("cucuta") or DIVIPOLA code ("54001"); any 5-digit code is accepted, known ones are named. */
import { useId, useState, type ReactNode } from 'react';
import { findMunicipality } from '../../shared/codes';
import { useCounterText } from '../i18n/counter-text';
import { municipalityCodeOf, municipalityName, municipalityText } from './customer-draft';

interface Props { id: string; label: string; code: string; onChange(code: string): void; error?: string | null | undefined }

export function MunicipalityField({ id, label, code, onChange, error }: Props): ReactNode {
  const t = useCounterText();
  const listId = useId();
  const [text, setText] = useState(code);
  const [shownCode, setShownCode] = useState(code);
  if (shownCode !== code) {
    // The code changed: from this field's own typing (the text still stands for it) or from elsewhere.
    setShownCode(code);
    setText(municipalityText(text, code));
  }
  const matches = text.trim() && !/^\d{5}$/.test(text.trim()) ? findMunicipality(text).slice(0, 6) : [];
  const name = municipalityName(code);

  const change = (value: string) => {
    setText(value);
    onChange(municipalityCodeOf(value));
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field municipality">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={text} autoComplete="off" spellCheck={false} aria-invalid={error ? true : undefined}
        aria-describedby={describedBy} onChange={(e) => change(e.target.value)} />
      <span className="field-hint" id={`${id}-hint`} aria-live="polite">
        {code ? `${code}${name ? ` — ${name}` : ''}` : t.municipalityHint}
      </span>
      {matches.length > 0 ? (
        <ul className="suggestions" aria-label={t.municipalitySuggestions} id={listId}>
          {matches.map((m) => (
            <li key={m.code}>
              <button type="button" className="link" onClick={() => { setText(m.code); onChange(m.code); }}>
                {m.name} ({m.code})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <span className="field-error" id={`${id}-error`} role="alert">{error}</span> : null}
    </div>
  );
}
