import { describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { validateInvoiceRequest } from '../../../shared/api/invoice-request';
import { IDENTIFICATION_TYPES, PERSON_TYPES, TAX_REGIMES } from '../../../shared/codes';
import { nitCheckDigit } from '../../../shared/nit';

describe('consumidorFinal', () => {
  const customer = consumidorFinal({ email: 'ventas@tienda.example', municipality_code: '05001' });

  it('is the anonymous buyer with its check digit', () => {
    expect(customer).toEqual({
      identification_type: '13',
      identification: '222222222222',
      dv: '7', // 2 × (3+7+13+17+19+23+29+37+41+43+47+53) = 664; 664 mod 11 = 4; 11 − 4 = 7
      person_type: '2',
      name: 'Consumidor final',
      tax_regime: '49',
      email: 'ventas@tienda.example',
      municipality_code: '05001',
    });
  });

  it('uses codes from the lists', () => {
    expect(IDENTIFICATION_TYPES[customer.identification_type as keyof typeof IDENTIFICATION_TYPES]).toBe('Cédula de ciudadanía');
    expect(PERSON_TYPES[customer.person_type as keyof typeof PERSON_TYPES]).toBe('Persona natural');
    expect(TAX_REGIMES[customer.tax_regime as keyof typeof TAX_REGIMES]).toBe('No responsable de IVA');
  });

  it('passes the invoice request contract', () => {
    const result = validateInvoiceRequest({
      reference_code: 'POS-1-000001',
      numbering_range_id: '9b2f1c3e-7a4d-4e8f-9c0b-1d2e3f4a5b6c',
      customer,
      items: [{ code: 'A1', name: 'Pan', quantity: 1, unit_measure: '94', price: 1000, discount_rate: 0, taxes: [] }],
      payment: { form_code: '1', means_code: '10' },
    });
    expect(result).toMatchObject({ ok: true });
  });
});

describe("consumidor final's check digit", () => {
  it('is the one shared/nit.ts computes for its number (written out so the counter does not load the DV code)', () => {
    const customer = consumidorFinal({ email: 'ventas@tienda.example', municipality_code: '05001' });
    expect(customer.dv).toBe(nitCheckDigit(customer.identification));
  });
});
