/**
 * The DIAN check digit (DV) of a NIT or other identification number (DOMAIN.md): weights from
 * right to left, s = weighted sum mod 11, DV = s when s is 0 or 1, else 11 − s.
 */
import { ALPHANUMERIC_IDENTIFICATION_TYPES, NIT_TYPE } from './codes';

const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** The DV of `nit` as one digit "0"–"9". Throws RangeError unless `nit` is 1–15 digits (leading zeros aside). */
export function nitCheckDigit(nit: string): string {
  if (typeof nit !== 'string' || !/^\d+$/.test(nit)) {
    throw new RangeError(`A NIT has only digits, without dots, dashes or the check digit: "${String(nit)}"`);
  }
  const significant = nit.replace(/^0+/, ''); // leading zeros weigh nothing
  if (significant.length > WEIGHTS.length) {
    throw new RangeError(`A NIT has at most ${WEIGHTS.length} digits: "${nit}"`);
  }
  let sum = 0;
  for (let i = 0; i < significant.length; i += 1) {
    const digit = Number(significant[significant.length - 1 - i]);
    sum += digit * (WEIGHTS[i] ?? 0);
  }
  const s = sum % 11;
  return String(s <= 1 ? s : 11 - s);
}

/** True when `dv` is the check digit of `nit`; false (never a throw) for malformed input. */
export function isValidNitDv(nit: string, dv: string): boolean {
  if (typeof dv !== 'string' || !/^\d$/.test(dv)) return false;
  try {
    return nitCheckDigit(nit) === dv;
  } catch {
    return false;
  }
}

/**
 * The one rule for a buyer's or seller's identification and its check digit, used by every schema (and through
 * them by the core and the forms). Numbers are digits (a NIT 5 to 15 of them); their DV must be the computed one.
 * Passports and foreign documents carry letters and no DV rule. Null when all is well.
 */
export function identificationProblem(
  type: string, identification: string, dv: string,
): { field: 'identification' | 'dv'; message: string } | null {
  if (ALPHANUMERIC_IDENTIFICATION_TYPES.has(type)) {
    if (!/^[A-Za-z0-9]{3,20}$/.test(identification)) {
      return { field: 'identification', message: 'must be 3 to 20 letters or digits' };
    }
    return /^\d$/.test(dv) ? null : { field: 'dv', message: 'must be a single digit' };
  }
  const nit = type === NIT_TYPE;
  if (!(nit ? /^\d{5,15}$/ : /^\d{3,15}$/).test(identification)) {
    return { field: 'identification', message: nit ? 'a NIT is 5 to 15 digits, without the check digit' : 'must be 3 to 15 digits' };
  }
  if (!/^\d$/.test(dv)) return { field: 'dv', message: 'must be a single digit' };
  if (isValidNitDv(identification, dv)) return null;
  return { field: 'dv', message: `the check digit does not match ${nit ? 'NIT' : 'number'} ${identification}` };
}
