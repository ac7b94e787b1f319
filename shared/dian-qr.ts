/**
 * The DIAN's public lookup of an electronic invoice by its CUFE (DOMAIN.md, "The QR and the receipt"): what a
 * receipt's QR encodes when the invoicing service's own qr_url is not at hand (a sale pushed before the shop
 * contract carried it). The test (habilitación) environment has its own host.
 */
export type DianEnvironment = 'production' | 'test';

export function dianQrUrl(cufe: string, environment: DianEnvironment): string {
  const host = environment === 'test' ? 'catalogo-vpfe-hab.dian.gov.co' : 'catalogo-vpfe.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${encodeURIComponent(cufe)}`;
}
