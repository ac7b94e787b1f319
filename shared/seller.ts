/**
 * The seller and this till's defaults as Mostrador accepts them (bridge `settings.save` and the Settings forms).
 * The seller's NIT and DV follow the one rule in `nit.ts`.
 */
import { z } from 'zod';
import { NIT_TYPE } from './codes';
import { boundedText, emailAddress, municipalityCode } from './field-rules';
import { LIMITS } from './limits';
import { identificationProblem } from './nit';

export const sellerSchema = z.strictObject({
  name: boundedText(LIMITS.sellerNameLength).refine((name) => name.trim() !== '', { error: 'the business name is required' }),
  nit: z.string().regex(/^\d{5,15}$/, 'the NIT must be 5 to 15 digits, without the check digit'),
  dv: z.string().regex(/^\d$/, 'the check digit is one digit'),
  address: boundedText(LIMITS.addressLength),
  phone: boundedText(LIMITS.phoneLength),
  email: z.union([z.literal(''), emailAddress()], { error: 'must be a valid e-mail address' }),
  municipalityCode: municipalityCode(),
  resolutionText: boundedText(LIMITS.resolutionTextLength),
}).superRefine((s, ctx) => {
  if (typeof s.nit !== 'string' || typeof s.dv !== 'string' || !/^\d{5,15}$/.test(s.nit) || !/^\d$/.test(s.dv)) return;
  const problem = identificationProblem(NIT_TYPE, s.nit, s.dv);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field === 'dv' ? 'dv' : 'nit'], message: problem.message, input: s });
});

/** The consumidor-final e-mail and municipality this till puts on anonymous sales, and its printer. */
export const tillDefaultsSchema = z.strictObject({
  defaultEmail: emailAddress(),
  defaultMunicipalityCode: municipalityCode(),
  printerName: z.union([boundedText(LIMITS.printerNameLength), z.null()]),
});
