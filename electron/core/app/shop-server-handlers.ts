/**
 * Settings → "Servidor de la tienda" (issue 20): pairing this till with the shop server by its address and one-time
 * code, the first till's upload, unpairing, and what the owner is shown (last contact, what waits, edits refused).
 */
import { DEFAULT_TILL_NAME } from '../../../shared/bridge/contract';
import type { ShopServerDto } from '../../../shared/bridge/types';
import { shopServerUrl } from '../../../shared/shop/pairing-form';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { KeychainUnavailableError } from '../secrets/credential-store';
import { pairTill, TILL_NAME_KEY } from '../shop/pairing';
import { TILL_NAME_TAKEN, tillNameTakenSchema } from '../../../shared/shop/contract';
import { createShopClient, requestTillRename, type ShopClientOptions } from '../shop/shop-client';
import { ShopError } from '../shop/shop-error';
import { fetchCertificatePin } from '../shop/pinned-transport';
import { contractUpdate, type ShopLink } from '../shop/shop-link';
import { SHOP_KEYS } from '../shop/shop-pairing-record';
import { uploadShop } from '../shop/shop-upload';
import { forgetTillKey, loadTillKey } from '../shop/till-key';
import type { AppContext } from './app-context';
import { KEYS, readSeller, EMPTY_SELLER } from './settings-mapping';

type ShopServerMethods = 'shopServer.status' | 'shopServer.pair' | 'shopServer.unpair' | 'shopServer.addAddress';

const NOT_APPLIED_SHOWN = 50;
/** The longest the live check of a typed address may take (ms). */
const ADDRESS_CHECK_MS = 5_000;

/** Why pairing failed, as a reason code Settings says in Spanish. */
function pairingFailure(error: unknown): BridgeFailure {
  if (error instanceof BridgeFailure || error instanceof KeychainUnavailableError) return error as BridgeFailure;
  if (error instanceof ShopError) {
    if (error.code === 'HTTP' && (error.status === 401 || error.status === 403 || error.serverCode === 'pairing_refused')) {
      return new BridgeFailure('INVALID_INPUT', 'The server did not accept the code (wrong, used or expired).', { code: 'the server did not accept this code' }, 'SHOP_BAD_CODE');
    }
    const taken = nameTaken(error);
    if (taken) return taken;
    if (error.code === 'HTTP' && error.status === 429) return tooManyAttempts(error);
    // Issue 27: a till and a server too far apart in contract version: which side to update (nothing was paired).
    const update = contractUpdate(error);
    if (update) {
      return new BridgeFailure('UNAVAILABLE', `The till and the server speak contract versions too far apart: update the ${update === 'till' ? 'till' : 'server'}.`, undefined,
        update === 'till' ? 'SHOP_CONTRACT_UPDATE_TILL' : 'SHOP_CONTRACT_UPDATE_SERVER');
    }
    if (error.code === 'HTTP' && error.serverCode === 'shop_not_empty') {
      return new BridgeFailure('INVALID_INPUT', 'This server already holds another shop\'s data.', { seedShop: 'this server already holds another shop\'s data' }, 'SHOP_NOT_EMPTY');
    }
    return new BridgeFailure('UNAVAILABLE', `The shop server could not be reached: ${error.message}`, undefined, `SHOP_${error.code === 'HTTP' ? `HTTP_${error.status ?? 0}` : error.code}`);
  }
  return new BridgeFailure('INTERNAL', 'Pairing failed.');
}

/**
 * Too many wrong pairing proofs (issue 27): from this till's address ("SHOP_TOO_MANY_HERE") or from all addresses
 * together ("SHOP_TOO_MANY"), with the server's wait in seconds (a server before issue 27 says neither: a minute).
 */
function tooManyAttempts(error: ShopError): BridgeFailure {
  const said = (error.body as { error?: { retryAfterSeconds?: unknown; scope?: unknown } } | null)?.error;
  const seconds = typeof said?.retryAfterSeconds === 'number' && Number.isInteger(said.retryAfterSeconds) && said.retryAfterSeconds > 0
    ? Math.min(said.retryAfterSeconds, 3600) : 60;
  const here = said?.scope === 'source';
  return new BridgeFailure('UNAVAILABLE', `Too many wrong pairing attempts ${here ? 'from this till' : 'at the server'}; wait ${seconds} s.`,
    undefined, here ? 'SHOP_TOO_MANY_HERE' : 'SHOP_TOO_MANY', seconds);
}

/** The server refused the name: another till of the shop has it (the field's message names that till). */
function nameTaken(error: ShopError): BridgeFailure | null {
  if (error.code !== 'HTTP' || error.serverCode !== TILL_NAME_TAKEN) return null;
  const holder = tillNameTakenSchema.safeParse(error.body).data?.error.holder;
  const said = holder ? `till ${holder.number} is already named "${holder.name}"; choose another name` : 'another till of the shop has this name; choose another name';
  return new BridgeFailure('INVALID_INPUT', 'The shop server refused the till name.', { tillName: said }, 'SHOP_NAME_TAKEN');
}

/**
 * Renames this paired till at the server (Settings → Esta caja): the server decides (unique in the shop) and its
 * answer is written here at once; the feed tells every other till, the back office and the CLI. Sales keep the name
 * they were made with. Refused plainly when the name is taken or the server does not answer (nothing changes here).
 */
export async function renameAtServer(
  ctx: Pick<AppContext, 'store' | 'credentials' | 'now'>, link: Pick<ShopLink, 'pairing'> & Partial<Pick<ShopLink, 'addresses'>>, client: Partial<ShopClientOptions>, name: string,
): Promise<void> {
  const pairing = link.pairing();
  if (!pairing) return;
  try {
    const privateKey = await loadTillKey(ctx.credentials, ctx.store.tillId());
    if (!privateKey) throw new ShopError('HTTP', 'the till key is not in the keychain; pair again', 401, 'no_key');
    // Every address the till knows (issue 27); a caller that only knows the pairing gives its one address.
    const addresses = link.addresses?.() ?? null;
    const answer = await requestTillRename({ ...client, baseUrl: pairing.serverUrl, ...(addresses ? { addresses } : {}), pin: pairing.pin, tillId: pairing.tillId, privateKey, now: ctx.now }, name);
    ctx.store.setSetting(TILL_NAME_KEY, answer.till.name);
  } catch (error) {
    if (error instanceof ShopError) {
      const taken = nameTaken(error);
      if (taken) throw taken;
      throw new BridgeFailure('UNAVAILABLE', 'The shop server did not answer; the till name was not changed.',
        { tillName: 'the shop server could not be reached; the name was not changed' }, 'SHOP_RENAME_AWAY');
    }
    throw error;
  }
}

export function shopServerHandlers(
  ctx: Pick<AppContext, 'store' | 'credentials' | 'now' | 'log'>,
  link: ShopLink,
  client: Partial<ShopClientOptions> = {},
): Pick<BridgeHandlers, ShopServerMethods> {
  const { store } = ctx;
  let uploaded: number | null = null;

  const currentName = () => store.getSetting(KEYS.tillName)?.trim() || DEFAULT_TILL_NAME;
  // Sales under other names only grow when the name changes (every new sale has the current one): read once per name.
  let earlier: { name: string; list: ShopServerDto['earlierNames'] } | null = null;
  function earlierNames(): ShopServerDto['earlierNames'] {
    const name = currentName();
    if (earlier?.name !== name) earlier = { name, list: store.salesUnderOtherNames(name) };
    return earlier.list;
  }

  function status(): ShopServerDto {
    const pairing = link.pairing();
    const line = link.line();
    return {
      paired: pairing !== null,
      serverUrl: pairing?.serverUrl ?? null,
      serverUrls: pairing?.serverUrls ?? [],
      shopName: pairing?.shopName ?? null,
      tillNumber: pairing?.tillNumber ?? null,
      tillName: currentName(),
      earlierNames: earlierNames(),
      pairedAt: pairing?.pairedAt ?? null,
      lastContactAt: link.lastContactAt(),
      unreachableSince: line?.unreachableSince ?? null,
      problem: line?.problem ?? null,
      salesWaiting: line?.salesWaiting ?? 0,
      editsWaiting: pairing ? store.shopCommandsWaiting() : 0,
      notApplied: store.notAppliedEdits(NOT_APPLIED_SHOWN).map(({ id: _id, ...edit }) => edit),
      unsendable: pairing ? store.unsendableSales(NOT_APPLIED_SHOWN).map(({ saleId: _id, ...sale }) => sale) : [],
      salesUnsendable: line?.salesUnsendable ?? 0,
      uploaded,
      feedAside: pairing ? store.feedAside(NOT_APPLIED_SHOWN).map(({ seq: _s, key: _k, ...record }) => record) : [],
      feedAsideCount: pairing ? store.feedAsideCount() : 0,
    };
  }

  async function unpair(): Promise<void> {
    await link.stop();
    store.forgetShopPairing(Object.values(SHOP_KEYS));
    await forgetTillKey(ctx.credentials, store.tillId()).catch((error: unknown) => {
      ctx.log(`shop server: the till key could not be removed from the keychain: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  return {
    'shopServer.status': async () => status(),

    'shopServer.pair': async ({ address, code, seedShop, tillName: chosen }) => {
      const serverUrl = shopServerUrl(address);
      if (!serverUrl) throw invalidField('address', 'must be the server address');
      if (link.pairing()) throw new BridgeFailure('INVALID_INPUT', 'This till is already paired; unpair it first.', { address: 'this till is already paired' }, 'SHOP_ALREADY_PAIRED');
      // The owner's choice, or none: the server names the till «Caja N», unique in the shop.
      const tillName = chosen?.trim() || undefined;
      let paired;
      try {
        paired = await pairTill({ store, credentials: ctx.credentials, now: ctx.now, client }, { serverUrl, code, tillName });
      } catch (error) {
        throw pairingFailure(error);
      }
      uploaded = null;
      if (seedShop) {
        try {
          const shopName = readSeller(store, EMPTY_SELLER).name || paired.record.shopName;
          const signed = createShopClient({ ...client, baseUrl: serverUrl, pin: paired.record.pin, tillId: paired.record.tillId, privateKey: paired.key.privateKey, now: ctx.now });
          const outcome = await uploadShop(store, signed, shopName);
          uploaded = outcome.stored;
          if (outcome.skipped > 0) ctx.log(`shop server: ${outcome.skipped} records did not meet the contract and were not uploaded`);
        } catch (error) {
          // Nothing half-done: a till that meant to seed the shop and could not is not left paired to another shop.
          await unpair();
          throw pairingFailure(error);
        }
      }
      await link.restart();
      return status();
    },

    'shopServer.addAddress': async ({ address, extra }) => {
      const serverUrl = shopServerUrl(address);
      if (!serverUrl) throw invalidField('address', 'must be the server address');
      const pairing = link.pairing();
      const addresses = link.addresses();
      if (!pairing || !addresses) throw new BridgeFailure('INVALID_INPUT', 'This till is not paired; pair it first.', { address: 'this till is not paired' }, 'SHOP_NOT_PAIRED');
      // Checked live against the pin before anything is saved: only the server this till paired with is followed.
      let shown: string;
      try {
        shown = await fetchCertificatePin(new URL(serverUrl), ADDRESS_CHECK_MS);
      } catch (error) {
        throw new BridgeFailure('UNAVAILABLE', `Nothing answers at ${serverUrl}; the address was not saved.`,
          { address: `nothing answers at this address (${error instanceof Error ? error.message : String(error)})` }, 'SHOP_ADDRESS_AWAY');
      }
      if (shown !== pairing.pin) {
        ctx.log(`shop server: ${serverUrl} shows a certificate other than the one paired with; the address was refused`);
        throw new BridgeFailure('INVALID_INPUT', 'The server at this address is not the one this till is paired with; the address was not saved.',
          { address: 'another certificate answers at this address: not this shop\'s server' }, 'SHOP_OTHER_SERVER');
      }
      addresses.add(serverUrl, !extra);
      ctx.log(`shop server: the owner added ${serverUrl} to this till's addresses${extra ? ' (tried last)' : ' (tried first)'}`);
      // The loops look again at once, at the new address first.
      await link.restart();
      return status();
    },

    'shopServer.unpair': async () => {
      await unpair();
      uploaded = null;
      await link.restart();
      return status();
    },
  };
}
