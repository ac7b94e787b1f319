/** The words the law asks for on each kind of receipt, per language. */
import type { Locale } from '../bridge/types';

export const SOFTWARE_NAME = 'Mostrador POS';

const TITLES: Record<Locale, { fiscal: string; provisional: string }> = {
  'es-CO': { fiscal: 'Factura electrónica de venta', provisional: 'Comprobante provisional — no es una factura electrónica' },
  en: { fiscal: 'Electronic sales invoice', provisional: 'Provisional slip — not an electronic invoice' },
};

export function receiptTitle(locale: Locale, fiscal: boolean): string {
  const titles = TITLES[locale];
  return fiscal ? titles.fiscal : titles.provisional;
}
