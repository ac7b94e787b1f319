/** A receipt model as the core builds it (fiscal or provisional), for the ESC/POS tests and the pictures. */
import type { InvoiceItem } from '../../shared/api/invoice-request';
import type { ReceiptDto } from '../../shared/bridge/types';
import { tenderCash } from '../../shared/cash';
import { consumidorFinal } from '../../shared/customer';
import { calculateTotals } from '../../shared/money';
import type { NumberingAuthorizationDto } from '../../shared/numbering-authorization';
import { SOFTWARE_MAKER } from '../../shared/software-maker';

export const SAMPLE_AUTHORIZATION: NumberingAuthorizationDto = {
  number: '18760000001', date: '2024-01-01', prefix: 'SETP', from: '990000000', to: '995000000',
  validFrom: '2024-01-01', validUntil: '2026-12-31',
};

const CUFE = 'a3f0c94b1e5d27f68c0b4e9d13a7f52c6e8b0d4f2a9c7e1b5d3f8a6c0e2b4d7f9a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7';

const ITEMS: InvoiceItem[] = [
  { code: 'CAF-500', name: 'Café molido 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] },
  { code: 'PAN-10', name: 'Pan de año nuevo, ¡recién horneado!', quantity: 1, unit_measure: '94', price: 4201.68, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] },
  { code: 'ALM-1', name: 'Almuerzo ejecutivo con pingüino de azúcar', quantity: 1, unit_measure: '94', price: 16000, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] },
];

export function sampleReceipt(fiscal: boolean, paperWidth: 80 | 58 = 80): ReceiptDto {
  const totals = calculateTotals(ITEMS);
  const cash = tenderCash(totals.payable, 100_000);
  const qrUrl = `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${CUFE}`;
  return {
    cashierName: 'Ana Gómez',
    fiscal,
    title: fiscal ? 'Factura electrónica de venta' : 'Comprobante provisional — no es una factura electrónica',
    seller: {
      name: 'Tienda La Esquina S.A.S.', nit: '900373115', dv: '3', address: 'Cra 7 # 12-34, Bogotá', phone: '601 555 0100',
      email: 'ventas@laesquina.example.co', municipalityCode: '11001',
      resolutionText: 'Resolución DIAN 18760000001 del 2024-01-01, prefijo SETP, del 990000000 al 995000000. ¿Dudas? ¡Escríbanos!',
    },
    fullNumber: fiscal ? 'SETP990000123' : null,
    referenceCode: 'R7PFXA-01M83K4J9Q',
    shortNumber: 123,
    tillName: 'Caja 1',
    issuedAt: Date.UTC(2026, 10, 23, 15, 4, 5),
    validatedAt: fiscal ? Date.UTC(2026, 10, 23, 15, 4, 9) : null,
    customer: consumidorFinal({ email: 'caja@laesquina.example.co', municipality_code: '11001' }),
    items: ITEMS,
    totals,
    payment: { form_code: '1', means_code: '10' },
    cufe: fiscal ? CUFE : null,
    qrUrl: fiscal ? qrUrl : null,
    qrImage: null,
    softwareName: 'Mostrador POS',
    authorization: fiscal ? SAMPLE_AUTHORIZATION : null,
    softwareMaker: SOFTWARE_MAKER,
    paperWidth,
    state: fiscal ? 'validated' : 'waiting',
    remoteStatus: fiscal ? 'VALIDATED' : null,
    cash: cash.ok ? cash.tender : null,
  };
}
