/**
 * A number held to a rule (range and decimals), without zod: the counter judges what the cashier types with these
 * on its first render, before the schemas (`field-rules.ts`, which builds `boundedNumber` on them) have loaded.
 */

/**
 * Decimals a number is written with, from its shortest exact spelling ("0.375" → 3, "5e-324" → 324). No float
 * arithmetic, so 0.1 + 0.2 (0.30000000000000004) honestly has 17.
 */
export function decimalsOf(value: number): number {
  const match = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return Infinity;
  const fraction = match[1]?.length ?? 0;
  const exponent = Number(match[2] ?? 0);
  return Math.max(0, fraction - exponent);
}

export interface NumberRule {
  /** The smallest value allowed; `above` instead refuses it too (quantity > 0). */
  min: number;
  above?: boolean;
  max: number;
  decimals: number;
}

/** 10000000000 → "10 000 000 000": a limit a person can read, in either language. */
const spell = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Why a number breaks its rule, or null. Non-finite numbers and -0 are refused; the range comes before decimals. */
export function numberProblem(value: number, rule: NumberRule): string | null {
  if (!Number.isFinite(value)) return 'must be a finite number';
  const range = rule.above
    ? `must be greater than ${spell(rule.min)} and at most ${spell(rule.max)}`
    : `must be from ${spell(rule.min)} to ${spell(rule.max)}`;
  if (Object.is(value, -0) || (rule.above ? value <= rule.min : value < rule.min) || value > rule.max) return range;
  if (decimalsOf(value) > rule.decimals) {
    return rule.decimals === 0 ? 'must be a whole number' : `must have at most ${rule.decimals} decimals`;
  }
  return null;
}
