/**
 * What one compact cart row says about its line (issue 29): the amount at the right and, beneath the name,
 * "cantidad × precio unitario" with the discount and the tax as short text when there are any. Pure: the amount is
 * the shared money calculation's (`shared/money.ts`) of the line as `readLine` reads it by the shared sale rules, so
 * the row, the totals and the charge agree. A line that does not read shows what was typed and its first problem.
 */
import type { Locale } from '../../shared/bridge/types';
import { calculateLine, formatCop } from '../../shared/money';
import { formatQuantity, formatRate } from '../format/date-time';
import { taxLabel } from '../format/tax-name';
import { readLine, type CartLine, type LineField, type LineProblem } from './cart';

export interface LineSummary {
  /** The line's payable amount ("$ 11.000"), or null when the line does not read. */
  amount: string | null;
  /** "2 × $ 5.500 · desc. 10 % · IVA 19 %" */
  detail: string;
  /** The first field with a problem and the problem, or null. */
  problem: { field: LineField; problem: LineProblem } | null;
}

export interface SummaryWords { lineDiscountShort: (rate: string) => string }

/** The order the panel shows the fields in, so the problem named first is the first field to fix. */
const FIELD_ORDER: readonly LineField[] = ['quantity', 'price', 'discountRate', 'tax'];

export function lineSummary(line: CartLine, locale: Locale, words: SummaryWords): LineSummary {
  const read = readLine(line, locale);
  if (!read.ok) {
    const field = FIELD_ORDER.find((f) => read.problems[f] !== undefined) ?? 'quantity';
    const typed = `${line.quantity.trim() || '?'} × ${line.price.trim() || '?'}`;
    return { amount: null, detail: typed, problem: { field, problem: read.problems[field] ?? 'problemQuantity' } };
  }
  const { input } = read;
  const parts = [`${formatQuantity(input.quantity, locale)} × ${formatCop(String(input.price), locale)}`];
  if (Number(input.discount_rate) !== 0) parts.push(words.lineDiscountShort(formatRate(String(input.discount_rate), locale)));
  for (const tax of input.taxes) parts.push(taxLabel(tax.code, String(tax.rate), locale));
  return { amount: formatCop(calculateLine(input).payable, locale), detail: parts.join(' · '), problem: null };
}
