import { z } from 'zod';
import { expecting, problemsFromIssues, type FieldProblem } from './field-problems';

export type { FieldProblem } from './field-problems';

/** The invoice creation request, exactly as the spec lists it. Amounts are never sent: the service computes them. */
export interface InvoiceCustomer {
  identification_type: string;
  identification: string;
  dv: string;
  person_type: string;
  name: string;
  tax_regime: string;
  email: string;
  municipality_code: string;
}
export interface InvoiceTax {
  code: string;
  rate: number;
}
export interface InvoiceItem {
  code: string;
  name: string;
  quantity: number;
  unit_measure: string;
  price: number;
  discount_rate: number;
  taxes: InvoiceTax[];
}
export interface InvoicePayment {
  form_code: string;
  means_code: string;
}
export interface InvoiceRequest {
  reference_code: string;
  numbering_range_id: string;
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  payment: InvoicePayment;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const EMAIL = z.regexes.email;

/** A required string that is not blank; further rules are added by the caller. */
const text = () => z.string(expecting('a string')).refine((value) => value.trim() !== '', { error: 'must not be empty' });
const number = () => z.number(expecting('a number'));
const percentage = () =>
  number().gte(0, { error: 'must be between 0 and 100' }).lte(100, { error: 'must be between 0 and 100' });

// Strict at every level: the service rejects unknown properties rather than ignoring them (spec, Errors).
export const customerSchema = z.strictObject(
  {
    identification_type: text(),
    identification: text(),
    dv: text().regex(/^[0-9]$/, { error: 'must be a single digit' }),
    person_type: text(),
    name: text(),
    tax_regime: text(),
    email: text().regex(EMAIL, { error: 'must be a valid e-mail address' }),
    municipality_code: text().regex(/^[0-9]{5}$/, { error: 'must be a 5-digit municipality code' }),
  },
  expecting('an object'),
);

export const taxSchema = z.strictObject({ code: text(), rate: percentage() }, expecting('an object'));

export const itemSchema = z.strictObject(
  {
    code: text(),
    name: text(),
    quantity: number().gt(0, { error: 'must be greater than 0' }),
    unit_measure: text(),
    price: number().gte(0, { error: 'must be 0 or greater' }),
    discount_rate: percentage(),
    taxes: z.array(taxSchema, expecting('an array')),
  },
  expecting('an object'),
);

export const paymentSchema = z.strictObject({ form_code: text(), means_code: text() }, expecting('an object'));

export const invoiceRequestSchema = z.strictObject(
  {
    reference_code: text().regex(/^[A-Za-z0-9._-]{1,64}$/, {
      error: 'must be 1 to 64 characters, each a letter, a digit, ".", "_" or "-"',
    }),
    numbering_range_id: text().regex(UUID, { error: 'must be a UUID' }),
    customer: customerSchema,
    items: z.array(itemSchema, expecting('an array')).min(1, { error: 'must contain at least one item' }),
    payment: paymentSchema,
  },
  expecting('an object'),
) satisfies z.ZodType<InvoiceRequest>;

export type InvoiceRequestValidation = { ok: true; value: InvoiceRequest } | { ok: false; problems: FieldProblem[] };

/** Checks a request body against the contract. Never throws: anything unreadable is a problem with the body. */
export function validateInvoiceRequest(body: unknown): InvoiceRequestValidation {
  try {
    const result = invoiceRequestSchema.safeParse(body);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, problems: problemsFromIssues(result.error.issues, 'request body') };
  } catch {
    // e.g. a getter or proxy that throws while being read
    return { ok: false, problems: [{ field: '', message: 'request body could not be read' }] };
  }
}

/** What the app hands over; its objects may carry more properties than the contract, which are dropped here. */
export interface InvoiceRequestInput {
  reference_code: string;
  numbering_range_id: string;
  customer: InvoiceCustomer;
  items: ReadonlyArray<Omit<InvoiceItem, 'taxes'> & { taxes: ReadonlyArray<InvoiceTax> }>;
  payment: InvoicePayment;
}

/** Copies only contract fields, in contract order, so nothing the app carries can leak into the body. */
export function buildInvoiceRequest(input: InvoiceRequestInput): InvoiceRequest {
  const { customer, payment } = input;
  return {
    reference_code: input.reference_code,
    numbering_range_id: input.numbering_range_id,
    customer: {
      identification_type: customer.identification_type,
      identification: customer.identification,
      dv: customer.dv,
      person_type: customer.person_type,
      name: customer.name,
      tax_regime: customer.tax_regime,
      email: customer.email,
      municipality_code: customer.municipality_code,
    },
    items: input.items.map((item) => ({
      code: item.code,
      name: item.name,
      quantity: item.quantity,
      unit_measure: item.unit_measure,
      price: item.price,
      discount_rate: item.discount_rate,
      taxes: item.taxes.map((tax) => ({ code: tax.code, rate: tax.rate })),
    })),
    payment: { form_code: payment.form_code, means_code: payment.means_code },
  };
}

/** The exact bytes to send: contract fields only, always in the same key order (retries send identical bodies). */
export function serializeInvoiceRequest(request: InvoiceRequestInput): string {
  return JSON.stringify(buildInvoiceRequest(request));
}
