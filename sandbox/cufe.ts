import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import type { DocumentTotals } from '../shared/money';

/** What the CUFE is computed from (DIAN "Anexo técnico", CUFE section). */
export interface CufeInput {
  fullNumber: string;
  issuedAt: Date;
  totals: DocumentTotals;
  /** Seller NIT without check digit. */
  sellerNit: string;
  /** Buyer identification number, as sent (no check digit). */
  buyerId: string;
  technicalKey: string;
  /**
   * TipoAmbiente: '2' = pruebas (habilitación), what the sandbox always passes; '1' = producción exists only
   * so the formula can be checked against DIAN's published example.
   */
  environment: '1' | '2';
}

// Colombia has no daylight saving time: it is always UTC−5.
const COLOMBIA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** Issue date and time as DIAN writes them: "2024-03-09" and "14:05:09-05:00" (Colombia time). */
export function colombiaDateTime(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + COLOMBIA_OFFSET_MS).toISOString(); // "2024-03-09T14:05:09.123Z", shifted
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 19)}-05:00` };
}

/**
 * Sum of the tax amounts of one tax code across its rates ("0.00" when the code is absent).
 * The addends are already-rounded amounts from shared/money, so the sum is exact and needs no rounding.
 */
export function taxAmountForCode(taxes: ReadonlyArray<{ code: string; amount: string }>, code: string): string {
  return taxes
    .filter((tax) => tax.code === code)
    .reduce((sum, tax) => sum.plus(tax.amount), new Decimal(0))
    .toFixed(2);
}

/** An amount exactly as DIAN concatenates it: two decimals, dot separator, no grouping. */
function cufeAmount(amount: string): string {
  return new Decimal(amount).toFixed(2);
}

/**
 * NumFac + FecFac + HorFac + ValFac + 01 + ValImp1 + 04 + ValImp2 + 03 + ValImp3 + ValTot + NitOFE + NumAdq + ClTec + TipoAmbiente.
 * ValFac is the total before taxes (LineExtensionAmount) and ValTot the payable amount.
 */
export function cufeSourceString(input: CufeInput): string {
  const { date, time } = colombiaDateTime(input.issuedAt);
  const taxes = input.totals.taxes;
  return [
    input.fullNumber,
    date,
    time,
    cufeAmount(input.totals.line_extension),
    '01',
    taxAmountForCode(taxes, '01'),
    '04',
    taxAmountForCode(taxes, '04'),
    '03',
    taxAmountForCode(taxes, '03'),
    cufeAmount(input.totals.payable),
    input.sellerNit,
    input.buyerId,
    input.technicalKey,
    input.environment,
  ].join('');
}

/**
 * The sandbox's CUFE: lowercase hex SHA-256 (64 characters, as the service spec promises).
 * DIAN's real CUFE uses SHA-384 (96 characters) over the same string; the UBL says which one this is.
 */
export function computeCufe(input: CufeInput): string {
  return createHash('sha256').update(cufeSourceString(input), 'utf8').digest('hex');
}

/** The DIAN QR lookup URL in the test (habilitación) environment. */
export function dianQrUrl(cufe: string): string {
  return `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${encodeURIComponent(cufe)}`;
}
