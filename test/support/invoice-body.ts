/** A valid invoice request for the consumidor final: 2 × 1000 with a 10 % discount and IVA 19 %. */
import type { InvoiceRequest } from '../../shared/api/invoice-request';

export function validInvoiceRequest(numberingRangeId: string, referenceCode: string): InvoiceRequest {
  return {
    reference_code: referenceCode,
    numbering_range_id: numberingRangeId,
    customer: {
      identification_type: '13',
      identification: '222222222222',
      dv: '0',
      person_type: '2',
      name: 'Consumidor final',
      tax_regime: '49',
      email: 'cliente@example.com',
      municipality_code: '11001',
    },
    items: [
      { code: 'CAF-01', name: 'Café de origen 500 g', quantity: 2, unit_measure: '94', price: 1000, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] },
    ],
    payment: { form_code: '1', means_code: '10' },
  };
}
