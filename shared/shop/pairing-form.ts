/**
 * What the owner types to pair this till with the shop server (Settings → "Servidor de la tienda"): the server's
 * address and the one-time code it shows. The bridge and the form use these same rules.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { PAIRING_CODE_PATTERN, normalizePairingCode } from './contract';

export const SHOP_ADDRESS_MAX_LENGTH = 200;

/**
 * The server's origin from what was typed: "192.168.1.20:8443" means https; http only to 127.0.0.1 (the server on
 * this same computer), so nothing crosses the shop's network in clear. Null when it is not an address.
 */
export function shopServerUrl(text: string): string | null {
  // Written without the URL global so `shared/` stays free of DOM and Node types (as service-url.ts).
  const trimmed = text.trim();
  const match = /^(?:(https?):\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?\/?$/.exec(trimmed);
  if (!match) return null;
  const [, scheme = 'https', rawHost = '', port] = match;
  const host = rawHost.toLowerCase();
  if (host === '' || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme === 'http' && host !== '127.0.0.1') return null;
  const defaultPort = lowerScheme === 'https' ? 443 : 80;
  const origin = `${lowerScheme}://${host}${port !== undefined && Number(port) !== defaultPort ? `:${Number(port)}` : ''}`;
  return origin;
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
  /** The name the owner chooses for this till; empty or absent: the server names it «Caja N» (unique in the shop). */
  tillName: z.string().max(LIMITS.tillNameLength).optional(),
});
export type ShopPairingInput = z.infer<typeof shopPairingSchema>;

/** Another address of the paired server, typed in Settings (issue 27): first from now on, or `extra` (tried last). */
export const shopAddressChangeSchema = z.strictObject({
  address: shopAddressSchema,
  extra: z.boolean().optional(),
});
export type ShopAddressChangeInput = z.infer<typeof shopAddressChangeSchema>;
