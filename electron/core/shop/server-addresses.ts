/**
 * The addresses a paired till knows of its server (issue 27): kept in settings beside the pin, tried in order by every
 * request (shop-client.ts), the one that answered first from then on. The pin is the server's certificate, so any
 * address whose certificate matches it is the server, and one showing another certificate is refused before a byte
 * of a request leaves (pinned-transport.ts): the till may follow its server to a new address safely.
 *
 * When none answers, a look on the shop's network (DNS-SD, common/shop-discovery.ts) for the pinned fingerprint
 * gives more addresses to try: bounded in time, one at a time, at most one per `discoverEveryMs`. An address found
 * so is kept only once it answered with the pinned certificate.
 */
import { shopServerUrl } from '../../../shared/shop/pairing-form';
import type { CertificatePin } from './pinned-transport';
import { addressList, MAX_SERVER_ADDRESSES, SHOP_KEYS } from './shop-pairing-record';

export interface ServerAddresses {
  /** In the order to try: the one that answered last first. */
  list(): string[];
  /** `url` answered with the pinned certificate: tried first from now on (kept when that changed). */
  answered(url: string): void;
  /** Adds an address the owner typed: first (a new address) or last (an extra one). */
  add(url: string, first: boolean): void;
  /** Takes an address off the list (never the last one). */
  remove(url: string): boolean;
  /** Addresses found on the network for the pin, not yet in the list ([] when a look ran recently or found none). */
  discover(): Promise<string[]>;
}

export interface SettingsRows {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
}

export interface ServerAddressesOptions {
  rows: SettingsRows;
  pin: CertificatePin;
  now: () => number;
  log: (line: string) => void;
  /** Looks on the network for `pin` (host:port list); absent: no discovery. */
  browse?: (pin: string) => Promise<string[]>;
  discoverEveryMs?: number;
}

export function storedServerAddresses(opts: ServerAddressesOptions): ServerAddresses {
  const { rows } = opts;
  const everyMs = opts.discoverEveryMs ?? 60_000;
  let lastLook = Number.NEGATIVE_INFINITY;
  let looking: Promise<string[]> | null = null;

  const list = (): string[] => {
    const first = rows.getSetting(SHOP_KEYS.serverUrl);
    return first ? addressList(first, rows.getSetting(SHOP_KEYS.serverUrls)) : [];
  };
  const keep = (next: string[]) => {
    const [first] = next;
    if (!first) return;
    const bounded = [...new Set(next)].slice(0, MAX_SERVER_ADDRESSES);
    rows.setSetting(SHOP_KEYS.serverUrl, first);
    rows.setSetting(SHOP_KEYS.serverUrls, JSON.stringify(bounded));
  };

  return {
    list,
    answered(url) {
      const now = list();
      if (now[0] === url) return;
      if (!now.includes(url)) opts.log(`shop server: found at ${url} (its certificate is the one paired with); kept with this till's addresses`);
      else opts.log(`shop server: answering at ${url} now`);
      // A found address goes first; the list stays bounded by dropping the oldest last one.
      keep([url, ...now.filter((u) => u !== url)]);
    },
    add(url, first) {
      const now = list().filter((u) => u !== url);
      keep(first ? [url, ...now] : [...now.slice(0, MAX_SERVER_ADDRESSES - 1), url]);
    },
    remove(url) {
      const now = list();
      if (!now.includes(url) || now.length <= 1) return false;
      keep(now.filter((u) => u !== url));
      return true;
    },
    discover() {
      if (!opts.browse || opts.pin === 'loopback') return Promise.resolve([]);
      if (looking) return looking;
      if (opts.now() - lastLook < everyMs) return Promise.resolve([]);
      lastLook = opts.now();
      const browse = opts.browse;
      looking = browse(opts.pin)
        .catch(() => [] as string[])
        .then((found) => {
          const known = new Set(list());
          const fresh = found.filter((a) => /^[0-9A-Za-z.-]{1,200}:\d{1,5}$/.test(a)).map((a) => shopServerUrl(a)).filter((u): u is string => u !== null && u.startsWith('https://') && !known.has(u));
          opts.log(fresh.length > 0 ? `shop server: looked on the shop's network and found it announced at ${fresh.join(', ')}` : "shop server: looked on the shop's network and did not find it");
          return [...new Set(fresh)].slice(0, MAX_SERVER_ADDRESSES);
        })
        .finally(() => {
          looking = null;
        });
      return looking;
    },
  };
}
