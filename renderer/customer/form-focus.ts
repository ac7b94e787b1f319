/**
 * Where the focus goes when the customer form closes. Cancelled: back where it was when the form opened (or the
 * product search). Saved: the product search, ready for the next item — unless the form was opened by Cobrar to
 * fill a gap, where Cobrar is the next step. Pure.
 */
export const CHARGE_BUTTON_ID = 'charge-button';
export const PRODUCT_SEARCH_ID = 'product-search';
/** The customer search's "Nuevo cliente" button: the form it opens gives the focus back to it. */
export const NEW_CUSTOMER_ID = 'new-customer';

export function focusAfterCustomerForm(returnFocusId: string | null, saved: boolean): string {
  if (saved) return returnFocusId === CHARGE_BUTTON_ID ? CHARGE_BUTTON_ID : PRODUCT_SEARCH_ID;
  return returnFocusId && returnFocusId !== '' ? returnFocusId : PRODUCT_SEARCH_ID;
}
