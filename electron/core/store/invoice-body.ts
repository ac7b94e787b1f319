import {
  serializeInvoiceRequest,
  validateInvoiceRequest,
  type InvoiceCustomer,
  type InvoiceItem,
  type InvoicePayment,
} from '../../../shared/api/invoice-request';
import { StoreError } from './errors';

export interface InvoiceBodyInput {
  referenceCode: string;
  numberingRangeId: string | null;
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  payment: InvoicePayment;
}

// Stands in for a range not chosen yet, only to check everything else the service will check.
const PLACEHOLDER_RANGE = '00000000-0000-4000-8000-000000000000';

/**
 * The exact bytes the outbox will send for a sale: built once, stored, and resent unchanged.
 * A body the service would reject is refused now, while the cashier can still correct it,
 * instead of sitting in the outbox forever.
 */
export function invoiceBody(input: InvoiceBodyInput): string {
  const request = {
    reference_code: input.referenceCode,
    numbering_range_id: input.numberingRangeId,
    customer: input.customer,
    items: input.items,
    payment: input.payment,
  };
  const check = validateInvoiceRequest(
    JSON.parse(serializeInvoiceRequest({ ...request, numbering_range_id: input.numberingRangeId ?? PLACEHOLDER_RANGE })),
  );
  if (!check.ok) {
    const detail = check.problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ');
    throw new StoreError(`The sale cannot be invoiced as entered (${detail}).`);
  }
  // With no range yet the body carries "numbering_range_id":null until assignRange fills it in once.
  return serializeInvoiceRequest({ ...request, numbering_range_id: input.numberingRangeId as string });
}
