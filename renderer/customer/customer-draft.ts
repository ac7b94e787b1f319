/**
 * The new-customer form as pure data: sensible defaults per identification type, the DV computed from the
 * number and checked, and one message key per field that is not right.
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { findMunicipality, IDENTIFICATION_TYPES, MUNICIPALITIES, PERSON_TYPES, TAX_REGIMES } from '../../shared/codes';
import { isValidNitDv, nitCheckDigit } from '../../shared/nit';

export type CustomerField = keyof InvoiceCustomer;
export type CustomerProblem =
  | 'problemRequired' | 'problemIdentification' | 'problemDv' | 'problemEmail' | 'problemMunicipality' | 'problemCode';

/** Types whose numbers are letters and digits (no DV rule applies; "0" is sent). */
const ALPHANUMERIC_TYPES = new Set(['21', '22', '41', '42', '47', '48', '50']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function blankCustomer(defaults: { email: string; municipality_code: string }): InvoiceCustomer {
  return {
    identification_type: '13', identification: '', dv: '', person_type: '2', name: '', tax_regime: '49',
    email: defaults.email, municipality_code: defaults.municipality_code,
  };
}

/** The DV of a numeric identification, or "" while it cannot be computed. */
export function computeDv(identification: string, identificationType: string): string {
  if (ALPHANUMERIC_TYPES.has(identificationType)) return '0';
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
  const problems: Partial<Record<CustomerField, CustomerProblem>> = {};
  if (!Object.hasOwn(IDENTIFICATION_TYPES, c.identification_type)) problems.identification_type = 'problemCode';
  const alphanumeric = ALPHANUMERIC_TYPES.has(c.identification_type);
  if (c.identification.trim() === '') problems.identification = 'problemRequired';
  else if (!(alphanumeric ? /^[A-Za-z0-9]{3,20}$/ : /^\d{3,15}$/).test(c.identification)) problems.identification = 'problemIdentification';
  if (!/^\d$/.test(c.dv)) problems.dv = c.dv === '' ? 'problemRequired' : 'problemDv';
  else if (!alphanumeric && !problems.identification && !isValidNitDv(c.identification, c.dv)) problems.dv = 'problemDv';
  if (!Object.hasOwn(PERSON_TYPES, c.person_type)) problems.person_type = 'problemCode';
  if (c.name.trim() === '') problems.name = 'problemRequired';
  if (!Object.hasOwn(TAX_REGIMES, c.tax_regime)) problems.tax_regime = 'problemCode';
  if (c.email.trim() === '') problems.email = 'problemRequired';
  else if (!EMAIL.test(c.email.trim())) problems.email = 'problemEmail';
  if (!/^\d{5}$/.test(c.municipality_code)) problems.municipality_code = 'problemMunicipality';
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
