/**
 * Which number field the keypad types into: the quantity, price or discount of a cart line (in the line panel), or
 * the cash received, as the cashier last chose it (by touching the field, by opening a line, or by adding a product
 * with a quick key: its quantity). Writes go
 * through the same store updates the fields' own onChange uses.
 */
import { create } from 'zustand';
import { useSale } from './sale-store';
import { CASH_MEANS } from '../../shared/cash';
import { CASH_FIELD_ID } from './cash-entry';

export type KeypadField = 'quantity' | 'price' | 'discountRate';
export const KEYPAD_FIELDS: readonly KeypadField[] = ['quantity', 'price', 'discountRate'];
export type KeypadTarget = { kind: 'line'; lineId: string; field: KeypadField } | { kind: 'cash' };

/** The id of a cart line's input, as the line panel (LinePanel.tsx) names it. */
export const lineFieldId = (lineId: string, field: string): string => `${lineId}-${field}`;

export const targetElementId = (target: KeypadTarget): string =>
  (target.kind === 'cash' ? CASH_FIELD_ID : lineFieldId(target.lineId, target.field));

/** The target a focused element is, if it is one of the keypad's fields. */
export function targetOfElementId(id: string, lines: readonly { id: string }[]): KeypadTarget | null {
  if (id === CASH_FIELD_ID) return { kind: 'cash' };
  for (const line of lines) {
    for (const field of KEYPAD_FIELDS) if (lineFieldId(line.id, field) === id) return { kind: 'line', lineId: line.id, field };
  }
  return null;
}

interface KeypadState {
  target: KeypadTarget | null;
  /** Just chosen: the next digit replaces the field's text instead of adding to it. */
  fresh: boolean;
  choose(target: KeypadTarget | null): void;
  typed(): void;
}

export const useKeypad = create<KeypadState>()((set) => ({
  target: null,
  fresh: false,
  choose: (target) => set({ target, fresh: target !== null }),
  typed: () => set({ fresh: false }),
}));

/** The target's text now; null when it is gone (its line removed, the cash field closed). */
export function readTarget(target: KeypadTarget): string | null {
  const sale = useSale.getState();
  if (target.kind === 'cash') return sale.payment.means_code === CASH_MEANS ? sale.cashReceived : null;
  const line = sale.lines.find((l) => l.id === target.lineId);
  return line ? line[target.field] : null;
}

export function writeTarget(target: KeypadTarget, text: string): void {
  const sale = useSale.getState();
  if (target.kind === 'cash') sale.setCashReceived(text);
  else sale.update(target.lineId, { [target.field]: text });
}
