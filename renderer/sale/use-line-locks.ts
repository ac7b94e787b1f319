/**
 * The owner's guard on a cart line, as the line panel applies it (the rule the cart rows had before issue 29): a
 * cashier charges the catalog's price and tax, and a discount up to the owner's setting; a price, a tax or a larger
 * discount needs the owner's PIN (`people.approveLine`), after which the line's product is unlocked for this sale.
 * The core refuses an unapproved change anyway; this only says so before the cashier types.
 */
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { useText } from '../i18n/use-text';
import { askOwnerPin } from '../people/owner-pin';
import { needsOwner, usePeople } from '../people/people-store';
import type { CartLine } from './cart';
import { lineFieldId } from './keypad-target';
import { OPEN_SALE_SLOT } from './open-sale-sync';

export type GuardedField = 'price' | 'discountRate';

export interface LineLocks {
  /** Price and tax need the owner (the tax select is disabled, the price read-only). */
  locked: boolean;
  /** The field cannot be typed into now. */
  readOnly(field: GuardedField): boolean;
  /** The field shows its "Clave del dueño" button: locked, or a discount typed above the cashier's limit. */
  needsPin(field: GuardedField): boolean;
  /** Why it is locked, in words. */
  title(field: GuardedField): string;
  /** Asks the owner's PIN; once approved, the field takes the focus. */
  unlock(field: GuardedField): Promise<void>;
}

export function useLineLocks(line: CartLine): LineLocks {
  const t = useText();
  const locked = usePeople((s) => needsOwner(s.session) && !s.unlocked.has(line.code));
  // A discount up to the owner's setting is the cashier's own; above it, the owner approves it like a price.
  const maxDiscount = useApp((s) => s.settings?.cashierMaxDiscount ?? 0);
  const typedDiscount = Number(line.discountRate.trim().replace(',', '.'));
  const discountLocked = locked && (maxDiscount === 0 || typedDiscount > maxDiscount);
  return {
    locked,
    readOnly: (field) => (field === 'price' ? locked : locked && maxDiscount === 0),
    needsPin: (field) => (field === 'price' ? locked : discountLocked),
    title: (field) => (field === 'price' ? t.lockedPrice : t.lockedDiscount(String(maxDiscount))),
    async unlock(field) {
      const answer = await askOwnerPin('price', (pin) => bridge.call('people.approveLine', { slot: OPEN_SALE_SLOT, code: line.code, ownerOverride: { pin } }),
        t.approvePrice(line.name));
      if (answer?.ok) {
        usePeople.getState().unlock(line.code);
        document.getElementById(lineFieldId(line.id, field))?.focus();
      }
    },
  };
}
