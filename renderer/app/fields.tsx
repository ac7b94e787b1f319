/** Labelled form controls: every input has a visible label, and its error is announced and linked to it. */
import type { ReactNode } from 'react';

interface Common {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  className?: string | undefined;
}

function Describe({ id, error, hint }: Pick<Common, 'id' | 'error' | 'hint'>): ReactNode {
  return (
    <>
      {hint ? <span className="field-hint" id={`${id}-hint`}>{hint}</span> : null}
      {error ? <span className="field-error" id={`${id}-error`} role="alert">{error}</span> : null}
    </>
  );
}

const describedBy = ({ id, error, hint }: Pick<Common, 'id' | 'error' | 'hint'>): string | undefined =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export interface TextFieldProps extends Common {
  value: string;
  onChange(value: string): void;
  /** Leaving the field (a money field shows its amount grouped then). */
  onBlur?: (() => void) | undefined;
  type?: 'text' | 'email' | 'url' | 'password' | 'search';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'url' | 'search';
  autoComplete?: string;
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
}

export function TextField(p: TextFieldProps): ReactNode {
  return (
    <div className={`field ${p.className ?? ''}`}>
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id} type={p.type ?? 'text'} value={p.value} inputMode={p.inputMode} autoComplete={p.autoComplete ?? 'off'}
        readOnly={p.readOnly} maxLength={p.maxLength} placeholder={p.placeholder} spellCheck={false}
        aria-invalid={p.error ? true : undefined} aria-describedby={describedBy(p)}
        onChange={(e) => p.onChange(e.target.value)} onBlur={p.onBlur}
      />
      <Describe id={p.id} error={p.error} hint={p.hint} />
    </div>
  );
}

export interface SelectFieldProps extends Common {
  value: string;
  onChange(value: string): void;
  options: ReadonlyArray<readonly [value: string, label: string]>;
}

export function SelectField(p: SelectFieldProps): ReactNode {
  return (
    <div className={`field ${p.className ?? ''}`}>
      <label htmlFor={p.id}>{p.label}</label>
      <select id={p.id} value={p.value} aria-invalid={p.error ? true : undefined} aria-describedby={describedBy(p)}
        onChange={(e) => p.onChange(e.target.value)}>
        {p.options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </select>
      <Describe id={p.id} error={p.error} hint={p.hint} />
    </div>
  );
}

export function CheckField(p: { id: string; label: string; checked: boolean; onChange(checked: boolean): void }): ReactNode {
  return (
    <div className="field field-check">
      <input id={p.id} type="checkbox" checked={p.checked} onChange={(e) => p.onChange(e.target.checked)} />
      <label htmlFor={p.id}>{p.label}</label>
    </div>
  );
}

/** Code lists (shared/codes) as select options: "13 — Cédula de ciudadanía". */
export function codeOptions(list: Readonly<Record<string, string>>): Array<readonly [string, string]> {
  return Object.entries(list).map(([code, label]) => [code, `${code} — ${label}`] as const);
}

/** The names alone, where a cashier picks (the payment means): the DIAN code says nothing at the counter. */
export function nameOptions(list: Readonly<Record<string, string>>): Array<readonly [string, string]> {
  return Object.entries(list).map(([code, label]) => [code, label] as const);
}
