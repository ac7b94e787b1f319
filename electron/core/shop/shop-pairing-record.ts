/** The pairing as the till keeps it: ordinary settings rows (the key itself is in the keychain, see till-key.ts). */
import type { CertificatePin } from './pinned-transport';

export const SHOP_KEYS = {
  /** The address that answered last (the first tried). */
  serverUrl: 'shop.server_url',
  /** Issue 27: every address this till knows of its server (JSON list, the one above first). */
  serverUrls: 'shop.server_urls',
  pin: 'shop.cert_pin',
  tillId: 'shop.till_id',
  tillNumber: 'shop.till_number',
  shopId: 'shop.shop_id',
  shopName: 'shop.shop_name',
  pairedAt: 'shop.paired_at',
} as const;

/** The most addresses a till keeps for its server (two processes, a new address after a power cut, one found). */
export const MAX_SERVER_ADDRESSES = 8;

export interface ShopPairingRecord {
  /** The address that answered last: tried first. */
  serverUrl: string;
  /** Every address known, `serverUrl` first; the pin, not the address, says it is the server. */
  serverUrls: string[];
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
    serverUrl, serverUrls: addressList(serverUrl, get(SHOP_KEYS.serverUrls)), pin, tillId, tillNumber,
    shopId: get(SHOP_KEYS.shopId) ?? '', shopName: get(SHOP_KEYS.shopName) ?? '', pairedAt: Number(get(SHOP_KEYS.pairedAt) ?? 0),
  };
}

/** `first` and then the kept list's others, without repeats, at most MAX_SERVER_ADDRESSES (a damaged list: `first` alone). */
export function addressList(first: string, kept: string | null): string[] {
  let others: unknown = [];
  try {
    others = kept ? JSON.parse(kept) : [];
  } catch {
    others = [];
  }
  const list = [first, ...(Array.isArray(others) ? others.filter((u): u is string => typeof u === 'string' && u.length <= 300) : [])];
  return [...new Set(list)].slice(0, MAX_SERVER_ADDRESSES);
}

export function pairingRows(p: Omit<ShopPairingRecord, 'serverUrls'> & { serverUrls?: string[] }): Record<string, string> {
  return {
    [SHOP_KEYS.serverUrl]: p.serverUrl, [SHOP_KEYS.serverUrls]: JSON.stringify(addressList(p.serverUrl, JSON.stringify(p.serverUrls ?? []))), [SHOP_KEYS.pin]: p.pin, [SHOP_KEYS.tillId]: p.tillId,
    [SHOP_KEYS.tillNumber]: String(p.tillNumber), [SHOP_KEYS.shopId]: p.shopId, [SHOP_KEYS.shopName]: p.shopName,
    [SHOP_KEYS.pairedAt]: String(p.pairedAt),
  };
}
