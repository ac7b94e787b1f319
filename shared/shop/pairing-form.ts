/**
 * What the owner types to pair this till with the shop server (Settings → "Servidor de la tienda"): the server's
 * address and the one-time code it shows. The bridge and the form use these same rules.
 */
import { z } from 'zod';
import { PAIRING_CODE_PATTERN, normalizePairingCode } from './contract';

export const SHOP_ADDRESS_MAX_LENGTH = 200;

/**
 * The server's origin from what was typed: "192.168.1.20:8443" means https; http only to 127.0.0.1 (the server on
 * this same computer), so nothing crosses the shop's network in clear. Null when it is not an address.
 */
export function shopServerUrl(text: string): string | null {
  const trimmed = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return null;
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && url.hostname === '127.0.0.1') return url.origin;
  return null;
}

export const shopAddressSchema = z.string().max(SHOP_ADDRESS_MAX_LENGTH)
  .refine((value) => value.trim() !== '', { error: 'is required' })
  .refine((value) => value.trim() === '' || shopServerUrl(value) !== null, {
    error: 'must be the server address, like 192.168.1.20:8443 (https; http only to 127.0.0.1)',
  });

export const pairingCodeSchema = z.string().max(20)
  .refine((value) => PAIRING_CODE_PATTERN.test(normalizePairingCode(value)), { error: 'must be the 10-character code the server shows' });

export const shopPairingSchema = z.strictObject({
  address: shopAddressSchema,
  code: pairingCodeSchema,
  /** This is the shop's first till: its catalog, customers, people and shop settings go up to the empty server once. */
  seedShop: z.boolean().optional(),
});
export type ShopPairingInput = z.infer<typeof shopPairingSchema>;
