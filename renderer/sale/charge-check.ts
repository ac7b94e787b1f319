/**
 * Before Cobrar: every invoice needs the buyer's e-mail and municipality. For consumidor final they come from
 * this till's defaults (Settings → This till), for a named customer from the customer form. A gap names the
 * message to show and the field that takes the focus, so the cashier fixes it and charges the same cart. Pure.
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import type { SettingsDto } from '../../shared/bridge/types';
import { checkCustomer } from '../customer/customer-check';
import { checkDefaults } from '../settings/schema-problems';

export interface BuyerGap {
  message: 'chargeNeedsDefaultEmail' | 'chargeNeedsDefaultMunicipality' | 'chargeNeedsCustomerEmail' | 'chargeNeedsCustomerMunicipality';
  place: 'settings' | 'customer';
  fieldId: string;
}

export function buyerGap(customer: InvoiceCustomer | null, defaults: Pick<SettingsDto, 'defaultEmail' | 'defaultMunicipalityCode'>): BuyerGap | null {
  if (customer === null) {
    const p = checkDefaults({ defaultEmail: defaults.defaultEmail, defaultMunicipalityCode: defaults.defaultMunicipalityCode, printerName: '' });
    if (p.defaultEmail) return { message: 'chargeNeedsDefaultEmail', place: 'settings', fieldId: 'pref-email' };
    if (p.defaultMunicipalityCode) return { message: 'chargeNeedsDefaultMunicipality', place: 'settings', fieldId: 'pref-municipality' };
    return null;
  }
  const p = checkCustomer(customer);
  if (p.email) return { message: 'chargeNeedsCustomerEmail', place: 'customer', fieldId: 'cf-email' };
  if (p.municipality_code) return { message: 'chargeNeedsCustomerMunicipality', place: 'customer', fieldId: 'cf-municipality' };
  return null;
}
