/**
 * Pairing a till with the shop server (issue 20): the certificate the server shows is fetched first (a TLS
 * handshake) and becomes the pin; the proof of the one-time code binds that certificate and the till's new public
 * key, so a man in the middle showing his own certificate cannot pair; the key goes into the keychain, the rest
 * into settings, in that order (a failure in between leaves no pairing that lacks its key).
 */
import { pairResponseSchema } from '../../../shared/shop/contract';
import type { CredentialStore } from '../secrets/credential-store';
import type { Store } from '../store';
import { fetchCertificatePin } from './pinned-transport';
import { requestPairing, type ShopClientOptions } from './shop-client';
import { ShopError } from './shop-error';
import { pairingRows, type ShopPairingRecord } from './shop-pairing-record';
import { newTillKey, pairingProof, saveTillKey, type TillKey } from './till-key';

/** The settings row of the till's name (settings-mapping.ts KEYS.tillName); kept when the till is unpaired. */
export const TILL_NAME_KEY = 'till_name';

export interface PairingRequest {
  /** The server's origin (shared/shop/pairing-form.ts `shopServerUrl`). */
  serverUrl: string;
  code: string;
  /** The name the owner chose; absent: the server's «Caja N». */
  tillName?: string | undefined;
}

export interface PairingDeps {
  store: Store;
  credentials: CredentialStore;
  now: () => number;
  client?: Partial<ShopClientOptions>;
  handshakeTimeoutMs?: number;
}

export async function pairTill(deps: PairingDeps, req: PairingRequest): Promise<{ record: ShopPairingRecord; key: TillKey }> {
  const url = new URL(req.serverUrl);
  const pin = await fetchCertificatePin(url, deps.handshakeTimeoutMs ?? 10_000);
  const key = newTillKey();
  const answer = await requestPairing({ ...deps.client, baseUrl: url.origin, pin }, {
    ...(req.tillName?.trim() ? { tillName: req.tillName.trim() } : {}), publicKey: key.publicKey, proof: pairingProof(req.code, pin, key.publicKey),
  });
  pairResponseSchema.parse(answer);
  // The server names the certificate it showed; another one means someone else answered one of the two handshakes.
  if (answer.certFingerprint !== pin) throw new ShopError('CERT_MISMATCH', 'the server names a certificate other than the one it showed');
  const record: ShopPairingRecord = {
    serverUrl: url.origin, serverUrls: [url.origin], pin, tillId: answer.tillId, tillNumber: answer.tillNumber, shopId: answer.shopId,
    shopName: answer.shopName, pairedAt: deps.now(),
  };
  await saveTillKey(deps.credentials, deps.store.tillId(), key);
  // The server's name for this till is the one its sale numbers, receipts, X and Z carry from now on (the feed keeps
  // it so); the sales made before keep the name they were made with. A server before issue 26 names none.
  const rows = { ...pairingRows(record), ...(answer.tillName ? { [TILL_NAME_KEY]: answer.tillName } : {}) };
  deps.store.recordShopPairing(rows, answer.cursor);
  return { record, key };
}
