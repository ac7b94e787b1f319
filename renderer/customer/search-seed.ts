/**
 * "Nuevo cliente" after a search that found nobody: what the cashier typed is not lost. Digits (dots, spaces and
 * dashes allowed, as people write a cédula or NIT) become the identification, with its DV; anything else the name.
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { changeCustomer } from './customer-draft';

export function seedFromSearch(blank: InvoiceCustomer, typed: string): InvoiceCustomer {
  const text = typed.trim();
  if (text === '') return blank;
  const digits = text.replace(/[.\s-]/g, '');
  if (/^\d{3,}$/.test(digits)) return changeCustomer(blank, 'identification', digits);
  return changeCustomer(blank, 'name', text);
}
