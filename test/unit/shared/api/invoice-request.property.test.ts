import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeInvoiceRequest, validateInvoiceRequest, type InvoiceRequest } from '../../../../shared/api/invoice-request';

const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
const percentage = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,5})?$/), fc.stringMatching(/^[a-z0-9]{1,10}\.(co|com|com\.co)$/))
  .map(([local, domain]) => `${local}@${domain}`);

const requestArb: fc.Arbitrary<InvoiceRequest> = fc.record({
  reference_code: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
  numbering_range_id: fc.uuid(),
  customer: fc.record({
    identification_type: text,
    identification: text,
    dv: fc.stringMatching(/^[0-9]$/),
    person_type: text,
    name: text,
    tax_regime: text,
    email,
    municipality_code: fc.stringMatching(/^[0-9]{5}$/),
  }),
  items: fc.array(
    fc.record({
      code: text,
      name: text,
      quantity: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 0.001, max: 1e6, noNaN: true })),
      unit_measure: text,
      price: fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.double({ min: 0, max: 1e9, noNaN: true })),
      discount_rate: percentage,
      taxes: fc.array(fc.record({ code: text, rate: percentage }), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  payment: fc.record({ form_code: text, means_code: text }),
});

/** Every object in a request, with its dotted path, so an extra key can be planted at any level. */
function objectsIn(request: InvoiceRequest): Array<{ path: string[]; obj: Record<string, unknown> }> {
  const found: Array<{ path: string[]; obj: Record<string, unknown> }> = [
    { path: [], obj: request as unknown as Record<string, unknown> },
    { path: ['customer'], obj: request.customer as unknown as Record<string, unknown> },
    { path: ['payment'], obj: request.payment as unknown as Record<string, unknown> },
  ];
  request.items.forEach((item, i) => {
    found.push({ path: ['items', String(i)], obj: item as unknown as Record<string, unknown> });
    item.taxes.forEach((tax, j) => {
      found.push({ path: ['items', String(i), 'taxes', String(j)], obj: tax as unknown as Record<string, unknown> });
    });
  });
  return found;
}

describe('invoice request properties', () => {
  it('every request built from valid parts passes, and survives serialization', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        expect(validateInvoiceRequest(request)).toEqual({ ok: true, value: request });
        expect(validateInvoiceRequest(JSON.parse(serializeInvoiceRequest(request)))).toEqual({ ok: true, value: request });
      }),
      { numRuns: 300 },
    );
  });

  it('any extra key at any level yields exactly one "should not exist" problem naming it', () => {
    fc.assert(
      fc.property(requestArb, fc.nat(), fc.string({ maxLength: 12 }), fc.jsonValue(), (request, at, key, value) => {
        const targets = objectsIn(request);
        const target = targets[at % targets.length]!;
        fc.pre(!Object.hasOwn(target.obj, key));
        // defineProperty so that keys such as "__proto__" become real own properties, as JSON.parse makes them
        Object.defineProperty(target.obj, key, { value, enumerable: true, configurable: true, writable: true });
        expect(validateInvoiceRequest(request)).toEqual({
          ok: false,
          problems: [{ field: [...target.path, key].join('.'), message: `property ${key} should not exist` }],
        });
      }),
      { numRuns: 500 },
    );
  });

  it('the same extra key arrives through JSON.parse, including "__proto__" and "constructor"', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'total']) {
      const body = `{"payment":{"form_code":"1","means_code":"10","${key}":1}}`;
      const result = validateInvoiceRequest(JSON.parse(body));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems).toContainEqual({ field: `payment.${key}`, message: `property ${key} should not exist` });
      }
    }
  });
});
