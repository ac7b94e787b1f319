/** The short sale number as the cashier reads it out: "Caja 1 · 000123" (never broken across lines). */
const NBSP = '\u00A0';

export function saleNumberLabel(tillName: string, shortNumber: number): string {
  return `${tillName}${NBSP}·${NBSP}${String(shortNumber).padStart(6, '0')}`;
}
