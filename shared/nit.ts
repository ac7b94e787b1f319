/**
 * The DIAN check digit (DV) of a NIT or other identification number (DOMAIN.md): weights from
 * right to left, s = weighted sum mod 11, DV = s when s is 0 or 1, else 11 − s.
 */
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
