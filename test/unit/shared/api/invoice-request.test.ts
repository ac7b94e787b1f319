import { describe, expect, it } from 'vitest';
import {
  buildInvoiceRequest,
  serializeInvoiceRequest,
  validateInvoiceRequest,
  type InvoiceRequest,
} from '../../../../shared/api/invoice-request';

function validRequest(): InvoiceRequest {
  return {
    reference_code: 'POS-1-000123',
    numbering_range_id: '3f2b8c1e-9a4d-4b7e-8f21-6c0d5e4a9b10',
    customer: {
      identification_type: '13',
      identification: '222222222222',
      dv: '7',
      person_type: '2',
      name: 'Consumidor final',
      tax_regime: '49',
      email: 'caja@tienda.co',
      municipality_code: '11001',
    },
    items: [
      {
        code: 'CAF-500',
        name: 'Café 500 g',
        quantity: 2,
        unit_measure: '94',
        price: 18500,
        discount_rate: 10,
        taxes: [{ code: '01', rate: 19 }],
      },
    ],
    payment: { form_code: '1', means_code: '10' },
  };
}

/** Applies a change to a fresh valid request, given as a function on a loose copy. */
function withChange(change: (body: Record<string, any>) => void): unknown {
  const body = structuredClone(validRequest()) as Record<string, any>;
  change(body);
  return body;
}

function problemsOf(body: unknown) {
  const result = validateInvoiceRequest(body);
  if (result.ok) throw new Error('expected the request to be refused');
  return result.problems;
}

describe('validateInvoiceRequest', () => {
  it('accepts a valid request and returns it unchanged', () => {
    const result = validateInvoiceRequest(validRequest());
    expect(result).toEqual({ ok: true, value: validRequest() });
  });

  it('accepts an item without taxes, a zero price and boundary rates', () => {
    const body = withChange((b) => {
      b.items.push({ ...b.items[0], price: 0, discount_rate: 100, taxes: [] });
      b.items[0].taxes = [{ code: '01', rate: 0 }, { code: '04', rate: 100 }];
    });
    expect(validateInvoiceRequest(body).ok).toBe(true);
  });

  it.each([
    ['root', (b: any) => (b.total = 1), 'total'],
    ['root subtotal', (b: any) => (b.subtotal = '100.00'), 'subtotal'],
    ['customer', (b: any) => (b.customer.foo = 'x'), 'customer.foo'],
    ['item', (b: any) => (b.items[0].line_total = 1), 'items.0.line_total'],
    ['tax', (b: any) => (b.items[0].taxes[0].amount = 3), 'items.0.taxes.0.amount'],
    ['payment', (b: any) => (b.payment.due_date = '2025-01-01'), 'payment.due_date'],
  ])('refuses an unknown property on the %s', (_level, change, field) => {
    const key = field.split('.').at(-1);
    expect(problemsOf(withChange(change))).toEqual([{ field, message: `property ${key} should not exist` }]);
  });

  it.each([
    ['reference_code', (b: any) => delete b.reference_code, 'reference_code is required'],
    ['customer', (b: any) => delete b.customer, 'customer is required'],
    ['customer.email', (b: any) => delete b.customer.email, 'customer.email is required'],
    ['items.0.taxes', (b: any) => delete b.items[0].taxes, 'items.0.taxes is required'],
    ['items.0.taxes.0.rate', (b: any) => delete b.items[0].taxes[0].rate, 'items.0.taxes.0.rate is required'],
    ['payment.means_code', (b: any) => delete b.payment.means_code, 'payment.means_code is required'],
  ])('requires %s', (field, change, message) => {
    expect(problemsOf(withChange(change))).toEqual([{ field, message }]);
  });

  it.each([
    ['reference_code', (b: any) => (b.reference_code = ''), 'reference_code must not be empty'],
    ['reference_code', (b: any) => (b.reference_code = 'A'.repeat(65)), 'must be 1 to 64 characters'],
    ['reference_code', (b: any) => (b.reference_code = 'POS 1'), 'must be 1 to 64 characters'],
    ['numbering_range_id', (b: any) => (b.numbering_range_id = 'range-1'), 'numbering_range_id must be a UUID'],
    ['customer.name', (b: any) => (b.customer.name = '   '), 'customer.name must not be empty'],
    ['customer.identification', (b: any) => (b.customer.identification = 900373115), 'customer.identification must be a string'],
    ['customer.email', (b: any) => (b.customer.email = 'caja@'), 'customer.email must be a valid e-mail address'],
    ['customer.dv', (b: any) => (b.customer.dv = '10'), 'customer.dv must be a single digit'],
    ['customer.dv', (b: any) => (b.customer.dv = 'x'), 'customer.dv must be a single digit'],
    ['customer.municipality_code', (b: any) => (b.customer.municipality_code = '1100'), 'must be a 5-digit municipality code'],
    ['customer.municipality_code', (b: any) => (b.customer.municipality_code = '11001a'), 'must be a 5-digit municipality code'],
    ['items', (b: any) => (b.items = []), 'items must contain at least one item'],
    ['items', (b: any) => (b.items = {}), 'items must be an array'],
    ['items.0', (b: any) => (b.items[0] = 'CAF-500'), 'items.0 must be an object'],
    ['items.0.quantity', (b: any) => (b.items[0].quantity = 0), 'items.0.quantity must be greater than 0'],
    ['items.0.quantity', (b: any) => (b.items[0].quantity = -1), 'items.0.quantity must be greater than 0'],
    ['items.0.quantity', (b: any) => (b.items[0].quantity = '2'), 'items.0.quantity must be a number'],
    ['items.0.quantity', (b: any) => (b.items[0].quantity = Number.POSITIVE_INFINITY), 'items.0.quantity must be a finite number'],
    ['items.0.price', (b: any) => (b.items[0].price = -0.01), 'items.0.price must be 0 or greater'],
    ['items.0.price', (b: any) => (b.items[0].price = Number.NaN), 'items.0.price must be a finite number'],
    ['items.0.discount_rate', (b: any) => (b.items[0].discount_rate = 100.5), 'items.0.discount_rate must be between 0 and 100'],
    ['items.0.discount_rate', (b: any) => (b.items[0].discount_rate = -1), 'items.0.discount_rate must be between 0 and 100'],
    ['items.0.taxes', (b: any) => (b.items[0].taxes = null), 'items.0.taxes must be an array'],
    ['items.0.taxes.0.rate', (b: any) => (b.items[0].taxes[0].rate = 101), 'items.0.taxes.0.rate must be between 0 and 100'],
    ['items.0.taxes.0.rate', (b: any) => (b.items[0].taxes[0].rate = '19'), 'items.0.taxes.0.rate must be a number'],
    ['items.0.taxes.0.code', (b: any) => (b.items[0].taxes[0].code = ''), 'items.0.taxes.0.code must not be empty'],
    ['payment', (b: any) => (b.payment = 'contado'), 'payment must be an object'],
    ['payment.form_code', (b: any) => (b.payment.form_code = null), 'payment.form_code must be a string'],
  ])('reports one problem for %s (%#)', (field, change, message) => {
    const problems = problemsOf(withChange(change));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.field).toBe(field);
    expect(problems[0]?.message).toContain(message);
  });

  it('reports several problems at once, one per field, in body order', () => {
    const body = withChange((b) => {
      b.reference_code = '';
      b.customer.dv = '';
      b.customer.email = 'nope';
      b.items[0].quantity = 0;
      b.items[0].price = -1;
      b.total = 39627;
    });
    expect(problemsOf(body)).toEqual([
      { field: 'reference_code', message: 'reference_code must not be empty' },
      { field: 'customer.dv', message: 'customer.dv must not be empty' },
      { field: 'customer.email', message: 'customer.email must be a valid e-mail address' },
      { field: 'items.0.quantity', message: 'items.0.quantity must be greater than 0' },
      { field: 'items.0.price', message: 'items.0.price must be 0 or greater' },
      { field: 'total', message: 'property total should not exist' },
    ]);
  });

  it('refuses every total the app might be tempted to send', () => {
    const body = withChange((b) => Object.assign(b, { total: 1, subtotal: 1, tax_total: 1 }));
    expect(problemsOf(body).map((p) => p.message)).toEqual([
      'property total should not exist',
      'property subtotal should not exist',
      'property tax_total should not exist',
    ]);
  });

  it.each([[null], [undefined], ['{}'], [42], [[validRequest()]]])('refuses a body that is not an object: %j', (body) => {
    const problems = problemsOf(body);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.field).toBe('');
    expect(problems[0]?.message).toMatch(/^request body (is required|must be an object)$/);
  });

  it('never throws, even on a body whose properties throw when read', () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('boom'); }, get: () => { throw new Error('boom'); } });
    expect(validateInvoiceRequest(hostile)).toEqual({
      ok: false,
      problems: [{ field: '', message: 'request body could not be read' }],
    });
  });
});

describe('buildInvoiceRequest and serializeInvoiceRequest', () => {
  it('drops every property of app objects that is not in the contract', () => {
    const request = validRequest();
    const appSale = {
      ...request,
      sale_id: 17,
      total: '39627.00',
      customer: { ...request.customer, favourite: true },
      items: request.items.map((item) => ({ ...item, line_amount: '33300.00', taxes: item.taxes.map((t) => ({ ...t, amount: '6327.00' })) })),
      payment: { ...request.payment, change_due: 373 },
    };
    const built = buildInvoiceRequest(appSale);
    expect(built).toEqual(request);
    expect(validateInvoiceRequest(built).ok).toBe(true);
  });

  it('writes the same bytes whatever the key order of the input', () => {
    const request = validRequest();
    const shuffled = {
      payment: { means_code: '10', form_code: '1' },
      items: request.items.map((i) => ({ taxes: i.taxes, price: i.price, name: i.name, code: i.code, quantity: i.quantity, discount_rate: i.discount_rate, unit_measure: i.unit_measure })),
      customer: Object.fromEntries(Object.entries(request.customer).reverse()) as InvoiceRequest['customer'],
      numbering_range_id: request.numbering_range_id,
      reference_code: request.reference_code,
    };
    expect(serializeInvoiceRequest(shuffled)).toBe(serializeInvoiceRequest(request));
    expect(serializeInvoiceRequest(request)).toBe(
      '{"reference_code":"POS-1-000123","numbering_range_id":"3f2b8c1e-9a4d-4b7e-8f21-6c0d5e4a9b10",' +
        '"customer":{"identification_type":"13","identification":"222222222222","dv":"7","person_type":"2",' +
        '"name":"Consumidor final","tax_regime":"49","email":"caja@tienda.co","municipality_code":"11001"},' +
        '"items":[{"code":"CAF-500","name":"Café 500 g","quantity":2,"unit_measure":"94","price":18500,' +
        '"discount_rate":10,"taxes":[{"code":"01","rate":19}]}],"payment":{"form_code":"1","means_code":"10"}}',
    );
  });

  it('round-trips: the serialized body parses back to a valid, equal request', () => {
    const parsed: unknown = JSON.parse(serializeInvoiceRequest(validRequest()));
    expect(validateInvoiceRequest(parsed)).toEqual({ ok: true, value: validRequest() });
  });
});
