/**
 * One rule in one place: on tricky inputs, a form finds a problem in exactly the fields the bridge refuses when it
 * receives what that form sends. Property-based, over values chosen to sit on every edge of the shared rules.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceCustomer } from '../../../shared/api/invoice-request';
import { parseBridgeInput, type BridgeMethod } from '../../../shared/bridge/contract';
import type { SellerDto } from '../../../shared/bridge/types';
import { LIMITS } from '../../../shared/limits';
import { checkCustomer } from '../../../renderer/customer/customer-check';
import { tidyCustomer } from '../../../renderer/customer/customer-draft';
import { checkDefaults, checkSeller, tidySeller } from '../../../renderer/settings/settings-checks';

const realNits = readFileSync(new URL('../../fixtures/co-nit-valid.txt', import.meta.url), 'utf8')
  .split('\n').map((l) => l.trim()).filter((l) => /^\d+ \d$/.test(l)).map((l) => l.split(' ') as [string, string]);

const tricky = (...values: string[]) => fc.constantFrom('', ' ', '\t', 'a\u0000b', 'x'.repeat(501), ...values);
const digitArb = fc.constantFrom('0', '1', '3', '7', '9', '', 'x', '10', ' 3');
const numberArb = fc.oneof(
  fc.constantFrom(...realNits.map(([nit]) => nit)),
  fc.constantFrom('222222222222', '1020304050', '52345678', '12', '123', '1234', '9'.repeat(15), '9'.repeat(16), '900.373.115', 'AB123456', 'ab', 'Ñ123', '12 34'),
  fc.stringMatching(/^\d{1,17}$/),
);
const emailArb = tricky('ana@x.co', 'caja@tienda.example.co', ' ana@x.co ', 'no-at-sign', 'a@b', 'a@b.c', 'a b@c.co', 'ñ@tienda.co', `${'a'.repeat(LIMITS.emailLength)}@x.co`, 'a@@x.co');
const municipalityArb = fc.constantFrom('11001', '05001', '99999', '1100', '110011', 'Bogotá', '', ' 11001', '１１００１');

const customerArb: fc.Arbitrary<InvoiceCustomer> = fc.record({
  identification_type: fc.constantFrom('13', '31', '41', '22', '91', 'zz', '', '1', 'toString'),
  identification: numberArb,
  dv: digitArb,
  person_type: fc.constantFrom('1', '2', '3', ''),
  name: tricky('Ana Gómez', '  Luis  Pérez ', 'n'.repeat(LIMITS.customerNameLength), 'n'.repeat(LIMITS.customerNameLength + 1)),
  tax_regime: fc.constantFrom('48', '49', '50', ''),
  email: emailArb,
  municipality_code: municipalityArb,
});

const sellerArb: fc.Arbitrary<SellerDto> = fc.record({
  name: tricky('Tienda La Esquina SAS', ' Tienda ', 's'.repeat(LIMITS.sellerNameLength + 1)),
  nit: numberArb,
  dv: digitArb,
  address: tricky('Cra 7 # 12-34', 'a'.repeat(LIMITS.addressLength)),
  phone: tricky('601 555 0100', 'p'.repeat(LIMITS.phoneLength + 1)),
  email: emailArb,
  municipalityCode: municipalityArb,
  resolutionText: tricky('Resolución DIAN 18760000001', 'r'.repeat(LIMITS.resolutionTextLength + 1)),
});

/** A NIT and its own DV now and then, so the "all well" case is generated too. */
const withRealNit = <T extends object>(arb: fc.Arbitrary<T>, id: keyof T, dv: keyof T) =>
  fc.tuple(arb, fc.constantFrom(...realNits), fc.boolean()).map(([value, [nit, digit], use]) => (use ? { ...value, [id]: nit, [dv]: digit } : value));

/** The top-level fields (under `prefix`) the bridge refuses for this input, sorted. */
function bridgeRefuses(method: BridgeMethod, input: unknown, prefix: string): string[] {
  const parsed = parseBridgeInput(method, input);
  if (parsed.ok) return [];
  return Object.keys(parsed.error.fields ?? {}).map((path) => path.slice(prefix.length).split('.')[0] ?? '').sort();
}

describe('the forms and the bridge agree', () => {
  it('on a new customer (property)', () => {
    fc.assert(fc.property(withRealNit(customerArb, 'identification', 'dv'), (customer) => {
      const form = Object.keys(checkCustomer(customer)).sort();
      expect(form).toEqual(bridgeRefuses('customers.save', { customer: tidyCustomer(customer) }, 'customer.'));
    }), { numRuns: 600 });
  });

  it('on the seller (property)', () => {
    fc.assert(fc.property(withRealNit(sellerArb, 'nit', 'dv'), (seller) => {
      const form = Object.keys(checkSeller(seller)).sort();
      expect(form).toEqual(bridgeRefuses('settings.save', { seller: tidySeller(seller) }, 'seller.'));
    }), { numRuns: 600 });
  });

  it('on this till\'s defaults (property)', () => {
    const printerArb = fc.constantFrom('', ' ', 'EPSON TM-T20', 'p'.repeat(LIMITS.printerNameLength + 1), 'a\u0007');
    fc.assert(fc.property(emailArb, municipalityArb, printerArb, (defaultEmail, defaultMunicipalityCode, printerName) => {
      const form = Object.keys(checkDefaults({ defaultEmail, defaultMunicipalityCode, printerName })).sort();
      const sent = { defaultEmail: defaultEmail.trim(), defaultMunicipalityCode, printerName: printerName.trim() === '' ? null : printerName.trim() };
      expect(form).toEqual(bridgeRefuses('settings.save', sent, ''));
    }), { numRuns: 300 });
  });

  it('a cédula with a wrong check digit is refused by both (the form checked it, the core did not)', () => {
    const customer = { ...tidyCustomer({
      identification_type: '13', identification: '1020304050', dv: '0', person_type: '2', name: 'Ana Gómez', tax_regime: '49',
      email: 'ana@x.co', municipality_code: '05001',
    }) };
    expect(checkCustomer(customer)).toEqual({ dv: 'problemDv' });
    expect(bridgeRefuses('customers.save', { customer }, 'customer.')).toEqual(['dv']);
  });
});
