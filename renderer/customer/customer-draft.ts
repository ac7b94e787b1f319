/**
 * The new-customer form as pure data: sensible defaults per identification type, the DV computed from the
 * number, and one message key per field that is not right. The rules are the shared buyer schema's
 * (shared/customer.ts), run on exactly what the form sends, so the form and the core cannot disagree.
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { ALPHANUMERIC_IDENTIFICATION_TYPES, findMunicipality, MUNICIPALITIES } from '../../shared/codes';
import { customerInputSchema } from '../../shared/customer';
import { nitCheckDigit } from '../../shared/nit';
import { firstIssues, problemKey } from '../settings/schema-problems';

export type CustomerField = keyof InvoiceCustomer;
export type CustomerProblem =
  | 'problemRequired' | 'problemIdentification' | 'problemDv' | 'problemEmail' | 'problemMunicipality' | 'problemCode'
  | 'problemTooLong' | 'problemCharacters';

/** Each field's own words for "not what it must look like". */
const OWN_PROBLEM: Record<CustomerField, CustomerProblem> = {
  identification_type: 'problemCode', identification: 'problemIdentification', dv: 'problemDv', person_type: 'problemCode',
  name: 'problemRequired', tax_regime: 'problemCode', email: 'problemEmail', municipality_code: 'problemMunicipality',
};

export function blankCustomer(defaults: { email: string; municipality_code: string }): InvoiceCustomer {
  return {
    identification_type: '13', identification: '', dv: '', person_type: '2', name: '', tax_regime: '49',
    email: defaults.email, municipality_code: defaults.municipality_code,
  };
}

/** The DV of a numeric identification, or "" while it cannot be computed. */
export function computeDv(identification: string, identificationType: string): string {
  if (ALPHANUMERIC_IDENTIFICATION_TYPES.has(identificationType)) return '0';
  try {
    return identification ? nitCheckDigit(identification) : '';
  } catch {
    return '';
  }
}

/**
 * Applies one field change. The DV follows the number unless the type is NIT, where the cashier types the DV
 * from the RUT and it is checked; choosing NIT suggests a company responsible for IVA.
 */
export function changeCustomer(draft: InvoiceCustomer, field: CustomerField, value: string): InvoiceCustomer {
  const next = { ...draft, [field]: value };
  if (field === 'identification_type') {
    if (value === '31') Object.assign(next, { person_type: '1', tax_regime: '48', dv: '' });
    else Object.assign(next, { person_type: '2', tax_regime: '49', dv: computeDv(next.identification, value) });
  }
  if (field === 'identification') {
    next.identification = value.replace(/[\s.-]/g, '');
    if (next.identification_type !== '31') next.dv = computeDv(next.identification, next.identification_type);
  }
  return next;
}

export function checkCustomer(c: InvoiceCustomer): Partial<Record<CustomerField, CustomerProblem>> {
  const sent = tidyCustomer(c);
  const problems: Partial<Record<CustomerField, CustomerProblem>> = {};
  for (const [field, issue] of firstIssues(customerInputSchema, sent)) {
    if (!Object.hasOwn(OWN_PROBLEM, field)) continue;
    const key = field as CustomerField;
    const problem = problemKey(issue, sent[key], OWN_PROBLEM[key]);
    // An identification or code that is too long is still "not a valid identification" to the cashier.
    problems[key] = problem === 'problemTooLong' && key !== 'name' ? OWN_PROBLEM[key] : problem;
  }
  return problems;
}

/** The name of a DIVIPOLA code when the list knows it. */
export function municipalityName(code: string): string | null {
  return Object.hasOwn(MUNICIPALITIES, code) ? MUNICIPALITIES[code as keyof typeof MUNICIPALITIES] : null;
}

/** Trims what the cashier typed so the service receives clean values. */
export function tidyCustomer(c: InvoiceCustomer): InvoiceCustomer {
  return { ...c, identification: c.identification.trim(), name: c.name.trim().replace(/\s+/g, ' '), email: c.email.trim() };
}

/** The DIVIPOLA code a municipality field's text stands for: five digits, or the one municipality it names; else "". */
export function municipalityCodeOf(text: string): string {
  const trimmed = text.trim();
  if (/^\d{5}$/.test(trimmed)) return trimmed;
  const exact = findMunicipality(trimmed);
  return exact.length === 1 && exact[0] ? exact[0].code : '';
}

/**
 * The text a municipality field shows when its code changes: what the person typed while it still stands for
 * that code (a name, a half-typed word while the code is empty), else the new code (set from elsewhere, e.g.
 * fresh settings after switching connection).
 */
export function municipalityText(typed: string, code: string): string {
  return municipalityCodeOf(typed) === code ? typed : code;
}
