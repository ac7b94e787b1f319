import { z } from 'zod';
import { expecting } from './api/field-problems';
import type { InvoiceCustomer } from './api/invoice-request';
import { IDENTIFICATION_TYPES, PERSON_TYPES, TAX_REGIMES } from './codes';
import { boundedText, codeOf, emailAddress, municipalityCode, requiredText } from './field-rules';
import { LIMITS } from './limits';
import { identificationProblem } from './nit';

export { consumidorFinal } from './consumidor-final';

/**
 * A buyer as Mostrador accepts one (bridge and customer form): every code from its list, every text bounded, and
 * the identification with its check digit (`identificationProblem`, the one DV rule).
 */
export const customerInputSchema = z.strictObject({
  identification_type: codeOf(IDENTIFICATION_TYPES, 'identification type'),
  identification: boundedText(LIMITS.identificationLength),
  dv: z.string(expecting('text')).regex(/^\d$/, { error: 'must be a single digit' }),
  person_type: codeOf(PERSON_TYPES, 'person type'),
  name: requiredText(LIMITS.customerNameLength),
  tax_regime: codeOf(TAX_REGIMES, 'tax regime'),
  email: emailAddress(),
  municipality_code: municipalityCode(),
}).superRefine((c, ctx) => {
  // Runs even when another field is wrong, so it checks its own inputs' types first.
  if (typeof c.identification !== 'string' || typeof c.dv !== 'string' || c.identification.length > LIMITS.identificationLength) return;
  const problem = identificationProblem(c.identification_type, c.identification, c.dv);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message, input: c });
}) satisfies z.ZodType<InvoiceCustomer>;
