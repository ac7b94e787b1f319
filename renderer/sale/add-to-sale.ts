/**
 * One product into the sale in progress, the one rule for the scanner, the search and the quick keys: one more
 * unit of a line already there is always fine; a new line only within the shared limit (the cashier is told).
 */
import type { ProductDto } from '../../shared/bridge/types';
import { LIMITS } from '../../shared/limits';
import { useApp } from '../app/app-store';
import { messagesFor } from '../i18n/messages';
import { useSale } from './sale-store';

/** The id of the line the product went to, or null when the sale has no room for another product. */
export function addToSale(product: ProductDto): string | null {
  const { locale, notify } = useApp.getState();
  const { lines, add } = useSale.getState();
  if (lines.length >= LIMITS.maxLines && !lines.some((l) => l.code === product.code)) {
    notify('error', messagesFor(locale).tooManyLines(LIMITS.maxLines));
    return null;
  }
  add(product, locale);
  return changedLineId(lines, useSale.getState().lines);
}

/** The line an add created or changed (each change makes a new line object; the others stay as they were). */
export function changedLineId(before: readonly { id: string }[], after: readonly { id: string }[]): string | null {
  const old = new Map(before.map((line) => [line.id, line]));
  return after.find((line) => old.get(line.id) !== line)?.id ?? null;
}
