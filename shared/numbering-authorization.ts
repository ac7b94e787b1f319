/**
 * The DIAN numbering authorisation as the owner types it from the resolution (Resolución 000042 de 2020, art. 11
 * and 29: the printed invoice carries its number, date, range and validity). The service's range shows only id and
 * type, so these come from Settings; the form and the core run this one schema. Pure.
 */
import { z } from 'zod';

export interface NumberingAuthorizationDto {
  /** The resolution's number, e.g. "18760000001". */
  number: string;
  /** The resolution's date, YYYY-MM-DD. */
  date: string;
  /** The range's prefix (may be empty). */
  prefix: string;
  /** First and last authorised numbers, digits. */
  from: string;
  to: string;
  /** The validity, YYYY-MM-DD both ends. */
  validFrom: string;
  validUntil: string;
}

export const EMPTY_AUTHORIZATION: NumberingAuthorizationDto = {
  number: '', date: '', prefix: '', from: '', to: '', validFrom: '', validUntil: '',
};

/** Days before the end of validity from which the owner is warned. */
export const AUTHORIZATION_WARNING_DAYS = 30;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string): boolean => {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
// The pattern bounds the text (10 characters) before the calendar check runs.
const date = () => z.string().regex(ISO_DATE, { error: 'must be a date (YYYY-MM-DD)' }).refine(isRealDate, { error: 'must be a date (YYYY-MM-DD)' });
const rangeNumber = () => z.string().regex(/^[1-9]\d{0,14}$/, { error: 'must be a whole number without leading zeros (1 to 15 digits)' });

export const numberingAuthorizationSchema = z.strictObject({
  number: z.string().regex(/^\d{1,20}$/, { error: 'must be the resolution number (digits only)' }),
  date: date(),
  prefix: z.string().regex(/^[A-Za-z0-9]{0,4}$/, { error: 'must be up to 4 letters or digits' }),
  from: rangeNumber(),
  to: rangeNumber(),
  validFrom: date(),
  validUntil: date(),
}).superRefine((a, ctx) => {
  if (/^\d+$/.test(a.from) && /^\d+$/.test(a.to) && BigInt(a.from) > BigInt(a.to)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be below the first number', input: a });
  }
  if (isRealDate(a.validFrom) && isRealDate(a.validUntil) && a.validFrom > a.validUntil) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'must not be before the start of validity', input: a });
  }
});

export type AuthorizationValidity =
  | { kind: 'unset' }
  | { kind: 'ok'; daysLeft: number }
  | { kind: 'near'; daysLeft: number }
  | { kind: 'past'; validUntil: string };

const DAY_MS = 86_400_000;

/** The Colombian calendar day (UTC−5 all year) of an instant. */
export const colombianDay = (at: number): string => new Date(at - 5 * 3_600_000).toISOString().slice(0, 10);

/** Whether the authorisation is still valid on the Colombian day of `now`, and how close its end is. */
export function authorizationValidity(a: NumberingAuthorizationDto | null, now: number): AuthorizationValidity {
  if (!a || !numberingAuthorizationSchema.safeParse(a).success) return { kind: 'unset' };
  const today = colombianDay(now);
  if (a.validUntil < today) return { kind: 'past', validUntil: a.validUntil };
  const daysLeft = Math.round((Date.parse(`${a.validUntil}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  return daysLeft <= AUTHORIZATION_WARNING_DAYS ? { kind: 'near', daysLeft } : { kind: 'ok', daysLeft };
}

/** The lines every fiscal receipt prints for the authorisation (Spanish: the DIAN's words). */
export function authorizationLines(a: NumberingAuthorizationDto): string[] {
  return [
    `Autorización de numeración DIAN N.º ${a.number} del ${a.date}`,
    `Rango autorizado: ${a.prefix}${a.from} al ${a.prefix}${a.to}`,
    `Vigencia: ${a.validFrom} a ${a.validUntil}`,
  ];
}
