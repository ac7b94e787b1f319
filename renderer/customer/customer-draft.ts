/**
 * The new-customer form as pure data: sensible defaults per identification type and the DV computed from the
 * number. Its check against the shared buyer schema is `customer-check.ts` (zod, loaded after the first render).
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { ALPHANUMERIC_IDENTIFICATION_TYPES, findMunicipality, MUNICIPALITIES } from '../../shared/codes';
import { nitCheckDigit } from '../../shared/nit';

export type CustomerField = keyof InvoiceCustomer;
export type CustomerProblem =
  | 'problemRequired' | 'problemIdentification' | 'problemDv' | 'problemEmail' | 'problemMunicipality' | 'problemCode'
  | 'problemTooLong' | 'problemCharacters';

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
