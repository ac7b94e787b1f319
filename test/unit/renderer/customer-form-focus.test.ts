import { describe, expect, it } from 'vitest';
import { CHARGE_BUTTON_ID, focusAfterCustomerForm } from '../../../renderer/customer/form-focus';

describe('the focus when the customer form closes', () => {
  it('cancelled: back to the control that opened it, else the product search', () => {
    expect(focusAfterCustomerForm('new-customer', false)).toBe('new-customer');
    expect(focusAfterCustomerForm(null, false)).toBe('product-search');
    expect(focusAfterCustomerForm('', false)).toBe('product-search');
  });

  it('saved: the product search for the next item, or Cobrar when Cobrar asked for the missing data', () => {
    expect(focusAfterCustomerForm('new-customer', true)).toBe('product-search');
    expect(focusAfterCustomerForm(CHARGE_BUTTON_ID, true)).toBe(CHARGE_BUTTON_ID);
  });
});
