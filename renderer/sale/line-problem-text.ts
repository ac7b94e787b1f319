/** The words for a cart field's problem, with the shared limit it broke written the cashier's way. */
import type { Locale } from '../../shared/bridge/types';
import { LIMITS } from '../../shared/limits';
import { formatCop } from '../../shared/money';
import type { FirstMessages } from '../i18n/messages';
import type { LineProblem } from './cart';

export function lineProblemText(problem: LineProblem, t: FirstMessages, locale: Locale): string {
  if (problem === 'problemQuantityTooLarge') return t.problemQuantityTooLarge(new Intl.NumberFormat(locale).format(LIMITS.maxQuantity));
  if (problem === 'problemPriceTooLarge') return t.problemPriceTooLarge(formatCop(LIMITS.maxPrice.toFixed(2), locale));
  return t[problem];
}
