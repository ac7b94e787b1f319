/** The buyer of a sale nobody names, without zod: the counter charges with it before the schemas have loaded. */
import type { InvoiceCustomer } from './api/invoice-request';

/** The anonymous buyer of DOMAIN.md, the usual default at a counter. */
const CONSUMIDOR_FINAL_ID = '222222222222';
/** Its check digit, nitCheckDigit('222222222222') (shared/nit.ts), written out so the counter's first download needs no DV code. */
const CONSUMIDOR_FINAL_DV = '7';

/**
 * A complete "consumidor final" customer: cédula de ciudadanía (13), persona natural (2),
 * no responsable de IVA (49). The seller's e-mail and municipality stand in for the buyer's.
 */
export function consumidorFinal(opts: { email: string; municipality_code: string }): InvoiceCustomer {
  return {
    identification_type: '13',
    identification: CONSUMIDOR_FINAL_ID,
    dv: CONSUMIDOR_FINAL_DV,
    person_type: '2',
    name: 'Consumidor final',
    tax_regime: '49',
    email: opts.email,
    municipality_code: opts.municipality_code,
  };
}
