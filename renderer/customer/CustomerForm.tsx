/** A new customer: identification type and number, DV computed and checked, regime, e-mail, municipality. */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { CustomerDto } from '../../shared/bridge/types';
import { IDENTIFICATION_TYPES, PERSON_TYPES, TAX_REGIMES } from '../../shared/codes';
import { focusSoon, useApp } from '../app/app-store';
import { codeOptions, SelectField, TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError, localizeFields } from '../bridge/bridge-error-text';
import { useCounterText } from '../i18n/counter-text';
import type { CustomerFormRequest } from '../sale/sale-store';
import { fieldErrorsFor } from '../settings/schema-problems';
import { checkCustomer } from './customer-check';
import { blankCustomer, changeCustomer, computeDv, tidyCustomer, type CustomerField } from './customer-draft';
import { MunicipalityField } from './MunicipalityField';
import { seedFromSearch } from './search-seed';
import { callWithOwner } from '../people/owner-pin';

interface Props {
  request: CustomerFormRequest;
  onDone(customer: InvoiceCustomer | null): void;
  /** What was typed in the customer search; a new customer starts from it. */
  typed?: string;
  /**
   * The directory edits a customer by id (customers.update); the counter saves by identification (customers.save);
   * Tienda saves at the shop server. null: the caller dealt with the answer itself (a stale version).
   */
  save?: (customer: InvoiceCustomer) => Promise<BridgeEnvelope<CustomerDto> | null>;
  submitLabel?: string;
}

export function CustomerForm({ request, onDone, typed = '', save: saveCustomer, submitLabel }: Props): ReactNode {
  const t = useCounterText();
  const settings = useApp((s) => s.settings);
  const [draft, setDraft] = useState(() => request.initial ?? seedFromSearch(blankCustomer({
    email: '', municipality_code: settings?.defaultMunicipalityCode ?? '',
  }), typed));
  // The form's first field (or the one Cobrar found missing) takes the focus, not the page.
  useEffect(() => focusSoon(request.focusId), [request.focusId]);
  const [showProblems, setShowProblems] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const problems = checkCustomer(draft);
  const errorOf = (field: CustomerField) => serverErrors[field] ?? (showProblems && problems[field] ? t[problems[field]] : null);
  const set = (field: CustomerField) => (value: string) => {
    setDraft((d) => changeCustomer(d, field, value));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const suggestedDv = draft.identification_type === '31' ? computeDv(draft.identification, '31') : '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const answer = await (saveCustomer ? saveCustomer(tidyCustomer(draft)) : callWithOwner('customers.save', { customer: tidyCustomer(draft) }, 'customer-tax'));
    setSaving(false);
    if (answer === null) return;
    if (answer.ok) onDone(answer.value.customer);
    else setServerErrors({ ...fieldErrorsFor(localizeFields(answer.error.fields, t), 'customer'), '': describeBridgeError(answer.error, t) });
  };

  return (
    <form className="customer-form" aria-labelledby="customer-form-title" onSubmit={(e) => void save(e)} noValidate
      onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onDone(null); } }}>
      <h3 id="customer-form-title">{submitLabel && request.initial ? t.editCustomer : request.initial ? t.completeCustomer : t.newCustomer}</h3>
      <div className="row">
        <SelectField id="cf-type" label={t.identificationType} value={draft.identification_type}
          options={codeOptions(IDENTIFICATION_TYPES)} onChange={set('identification_type')} error={errorOf('identification_type')} />
        <TextField id="cf-number" label={t.identificationNumber} value={draft.identification} onChange={set('identification')}
          inputMode={draft.identification_type === '41' ? 'text' : 'numeric'} error={errorOf('identification')} />
        <TextField id="cf-dv" label={t.dv} value={draft.dv} onChange={set('dv')} inputMode="numeric" maxLength={1}
          className="narrow" error={errorOf('dv')}
          hint={suggestedDv && draft.dv !== suggestedDv ? t.dvExpected(suggestedDv) : undefined} />
      </div>
      <TextField id="cf-name" label={t.customerName} value={draft.name} onChange={set('name')} error={errorOf('name')} />
      <div className="row">
        <SelectField id="cf-person" label={t.personType} value={draft.person_type} options={codeOptions(PERSON_TYPES)}
          onChange={set('person_type')} error={errorOf('person_type')} />
        <SelectField id="cf-regime" label={t.taxRegime} value={draft.tax_regime} options={codeOptions(TAX_REGIMES)}
          onChange={set('tax_regime')} error={errorOf('tax_regime')} />
      </div>
      <TextField id="cf-email" type="email" label={t.email} value={draft.email} onChange={set('email')} inputMode="email"
        error={errorOf('email')} />
      <MunicipalityField id="cf-municipality" label={t.municipality} code={draft.municipality_code}
        onChange={set('municipality_code')} error={errorOf('municipality_code')} />
      {serverErrors[''] ? <p className="field-error" role="alert">{serverErrors['']}</p> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>{submitLabel ?? t.saveAndUse}</button>
        <button type="button" onClick={() => onDone(null)}>{t.cancel}</button>
      </div>
    </form>
  );
}
