/**
 * The building blocks of every input Mostrador accepts (bridge inputs and the renderer's forms): text with a
 * length, a code from a list, a number with a range and a number of decimals. Each refuses with a message a person
 * can act on; the field name is added by whoever reports it. The limits themselves live in `limits.ts`.
 */
import { z } from 'zod';
import { expecting } from './api/field-problems';
import { DIVIPOLA_CODE, isCodeOf } from './codes';
import { LIMITS } from './limits';
import { numberProblem, type NumberRule } from './number-rule';

export { decimalsOf, numberProblem, type NumberRule } from './number-rule';

// C0/C1 control characters and unpaired surrogates: they cannot be written into the service's XML, and a body
// the service cannot sign would be stuck in the outbox.
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Messages the forms recognise to pick their own words. */
export const REQUIRED = 'is required';
export const CONTROL_CHARACTERS = 'must not contain control characters';

/** Text of at most `max` characters (possibly empty), with nothing that cannot be printed or sent. */
export const boundedText = (max: number) =>
  z.string(expecting('text'))
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !UNWRITABLE.test(value), { error: CONTROL_CHARACTERS });

/** Like boundedText, but blank is refused. */
export const requiredText = (max: number) =>
  boundedText(max).refine((value) => value.trim() !== '', { error: REQUIRED });

/**
 * One of the codes of a list in `codes.ts`. Typed as a plain string (like the invoice request's fields), so
 * callers holding codes as strings need no casts; the check is at run time.
 */
export function codeOf(list: Readonly<Record<string, string>>, what: string) {
  const codes = Object.keys(list).join(', ');
  const a = /^[aeiou]/.test(what) && !/^u(?:ni|s)/.test(what) ? 'an' : 'a'; // "a unit", "an identification"
  const message = `must be ${a} ${what} code (${codes})`;
  const longest = Math.max(...Object.keys(list).map((code) => code.length));
  return z.string(expecting(`${a} ${what} code`))
    .max(longest, { error: message })
    .refine((code) => isCodeOf(list, code), { error: message });
}

/** A DIVIPOLA municipality code. */
/** Bounded by its own pattern: exactly five digits. */
export const municipalityCode = () => z.string(expecting('text')).regex(DIVIPOLA_CODE, { error: 'must be a 5-digit DIVIPOLA code' });

/** An e-mail address (the one rule for every e-mail field). */
export const emailAddress = () =>
  z.string(expecting('text'))
    .refine((value) => value.trim() !== '', { error: 'must not be empty' })
    .max(LIMITS.emailLength, { error: `must be at most ${LIMITS.emailLength} characters` })
    .regex(z.regexes.email, { error: 'must be a valid e-mail address' });

/** A number held to a rule; one message per field, the most basic rule broken first. */
export const boundedNumber = (rule: NumberRule) =>
  z.number(expecting('a number')).superRefine((value, ctx) => {
    const problem = numberProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });
