/** The pairing as the till keeps it: ordinary settings rows (the key itself is in the keychain, see till-key.ts). */
import type { CertificatePin } from './pinned-transport';

export const SHOP_KEYS = {
  serverUrl: 'shop.server_url',
  pin: 'shop.cert_pin',
  tillId: 'shop.till_id',
  tillNumber: 'shop.till_number',
  shopId: 'shop.shop_id',
  shopName: 'shop.shop_name',
  pairedAt: 'shop.paired_at',
} as const;

export interface ShopPairingRecord {
  serverUrl: string;
  pin: CertificatePin;
  tillId: string;
  tillNumber: number;
  shopId: string;
  shopName: string;
  pairedAt: number;
}

export function readShopPairing(rows: { getSetting(key: string): string | null }): ShopPairingRecord | null {
  const get = (key: string) => rows.getSetting(key);
  const serverUrl = get(SHOP_KEYS.serverUrl);
  const pin = get(SHOP_KEYS.pin);
  const tillId = get(SHOP_KEYS.tillId);
  const tillNumber = Number(get(SHOP_KEYS.tillNumber));
  if (!serverUrl || !pin || !tillId || !Number.isInteger(tillNumber)) return null;
  return {
    serverUrl, pin, tillId, tillNumber,
    shopId: get(SHOP_KEYS.shopId) ?? '', shopName: get(SHOP_KEYS.shopName) ?? '', pairedAt: Number(get(SHOP_KEYS.pairedAt) ?? 0),
  };
}

export function pairingRows(p: ShopPairingRecord): Record<string, string> {
  return {
    [SHOP_KEYS.serverUrl]: p.serverUrl, [SHOP_KEYS.pin]: p.pin, [SHOP_KEYS.tillId]: p.tillId,
    [SHOP_KEYS.tillNumber]: String(p.tillNumber), [SHOP_KEYS.shopId]: p.shopId, [SHOP_KEYS.shopName]: p.shopName,
    [SHOP_KEYS.pairedAt]: String(p.pairedAt),
  };
}
