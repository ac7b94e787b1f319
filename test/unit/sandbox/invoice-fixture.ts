/** One sale used by the sandbox's fiscal-document tests: two lines, two tax groups (IVA 19 %, INC 8 %). */
import type { InvoiceRequest } from '../../../shared/api/invoice-request';
import { calculateTotals } from '../../../shared/money';
import type { SandboxSeller } from '../../../sandbox/seller';
import type { InvoiceUblInput } from '../../../sandbox/ubl';

export const SELLER: SandboxSeller = {
  nit: '900373115',
  dv: '3',
  name: 'Tienda de Prueba S.A.S.',
  address: 'Calle 10 # 5-20',
  municipality_code: '11001',
  email: 'ventas@tienda.test',
  technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};

export const REQUEST: InvoiceRequest = {
  reference_code: 'POS-0001',
  numbering_range_id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  customer: {
    identification_type: '31',
    identification: '213123435',
    dv: '1',
    person_type: '1',
    name: 'Café & Panadería <La 14> "Sur"',
    tax_regime: '48',
    email: 'compras@cafe.test',
    municipality_code: '05001',
  },
  items: [
    { code: 'ARZ-500', name: 'Arroz & frijol <500 g>', quantity: 3, unit_measure: '94', price: 2990.5, discount_rate: 10,
      taxes: [{ code: '01', rate: 19 }] },
    { code: 'GAS-350', name: 'Gaseosa 350 ml', quantity: 2, unit_measure: '94', price: 3500, discount_rate: 0,
      taxes: [{ code: '04', rate: 8 }] },
  ],
  payment: { form_code: '1', means_code: '10' },
};

export const TOTALS = calculateTotals(REQUEST.items);

// 14:05:09 in Bogotá (UTC−5).
export const ISSUED_AT = new Date('2024-03-09T19:05:09Z');

export function ublInput(overrides: Partial<InvoiceUblInput> = {}): InvoiceUblInput {
  return {
    request: REQUEST,
    totals: TOTALS,
    fullNumber: 'SETP990000001',
    issuedAt: ISSUED_AT,
    range: {
      prefix: 'SETP', resolution: '18760000001', resolutionDate: '2019-01-19',
      from: 990000000, to: 995000000, startDate: '2019-01-19', endDate: '2030-01-19',
    },
    seller: SELLER,
    cufe: 'a'.repeat(64),
    qrUrl: 'https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=' + 'a'.repeat(64),
    ...overrides,
  };
}
