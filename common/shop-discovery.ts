/**
 * The shop server on the shop's network by DNS-SD/mDNS (issue 27), with bonjour-service: the server announces
 * `_mostrador._tcp` once per address it is reached at (each announce on that address's interface, its TXT saying the
 * certificate's fingerprint, the shop and that address), and a till that reaches none of the addresses it knows
 * browses for a while for its pinned fingerprint. What an announce says is only a hint: the till still checks the
 * certificate at the address before it sends anything (pinned-transport.ts), so a false announce costs one refused
 * handshake, never a request.
 *
 * Multicast may be missing (no network yet, a container, a firewall): announcing then logs one line and carries on
 * without it; browsing finds nothing. Nothing here ever throws at its caller.
 */
import { createSocket } from 'node:dgram';
import { Bonjour } from 'bonjour-service';

const MDNS_GROUP = '224.0.0.251';

/**
 * Whether this computer can join the mDNS group on the interface of `host`, tried on a socket of its own that sends
 * nothing: multicast-dns would otherwise go on and send on whatever interface the system picks.
 */
export function multicastProblem(host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = createSocket({ type: 'udp4', reuseAddr: true });
    const done = (problem: string | null) => {
      try {
        socket.close();
      } catch {
        // Already closed.
      }
      resolve(problem);
    };
    socket.once('error', (error) => done(error.message));
    socket.bind(0, '0.0.0.0', () => {
      try {
        socket.addMembership(MDNS_GROUP, host);
        socket.setMulticastInterface(host);
        done(null);
      } catch (error) {
        done(error instanceof Error ? error.message : String(error));
      }
    });
  });
}

/** The service type: `_mostrador._tcp.local`. */
export const SHOP_SERVICE_TYPE = 'mostrador';
/** The TXT keys: the certificate's SHA-256 (hex), the shop's id, the address (host:port) this announce is for. */
export const TXT = { fingerprint: 'fp', shop: 'shop', address: 'addr', version: 'v' } as const;

export interface Announcement {
  /** The addresses announced (host:port), one announce each. */
  readonly addresses: readonly string[];
  /** Says goodbye on the network (bounded) and closes the sockets. */
  stop(): Promise<void>;
}

export interface AnnounceOptions {
  fingerprint: string;
  shopId: string;
  port: number;
  /** The IPv4 addresses the server is reached at: one announce on each one's interface. */
  hosts: readonly string[];
  log: (line: string) => void;
  /** The longest a goodbye may take at stop (ms). */
  stopTimeoutMs?: number;
}

/** multicast-dns's socket options (bonjour-service hands them on, though its type names only a service's). */
function mdnsOptions(options: { interface?: string; bind: string }): ConstructorParameters<typeof Bonjour>[0] {
  return options as unknown as ConstructorParameters<typeof Bonjour>[0];
}

/** bonjour-service keeps multicast-dns's socket errors to itself (it never hands them to its errorCallback). */
function onTrouble(bonjour: Bonjour, listener: (error: unknown) => void): void {
  const mdns = (bonjour as unknown as { server?: { mdns?: { on(event: string, l: (e: unknown) => void): void } } }).server?.mdns;
  mdns?.on('error', listener);
  mdns?.on('warning', listener);
}

/** Closed on the next turn: multicast-dns may still be inside its socket's own event when trouble is told. */
function close(bonjour: Bonjour): void {
  setImmediate(() => {
    try {
      bonjour.destroy();
    } catch {
      // Its socket never opened, or is closed already.
    }
  });
}

/** Announces the server; with no multicast, one log line and an announcement that announces nothing. */
export async function announceShopServer(opts: AnnounceOptions): Promise<Announcement> {
  const instances: Bonjour[] = [];
  const addresses: string[] = [];
  let told = false;
  const trouble = (host: string, error: unknown) => {
    if (told) return;
    told = true;
    opts.log(`shop server: not announced on the shop's network at ${host} (${error instanceof Error ? error.message : String(error)}); tills reach it by the addresses typed at them`);
  };
  for (const host of opts.hosts) {
    const problem = await multicastProblem(host);
    if (problem) {
      trouble(host, new Error(problem));
      continue;
    }
    try {
      const bonjour = new Bonjour(mdnsOptions({ interface: host, bind: '0.0.0.0' }));
      // A socket that cannot join the group on that interface (no multicast there) is closed at once: it would
      // otherwise send on whatever interface the system picks.
      onTrouble(bonjour, (error) => {
        trouble(host, error);
        close(bonjour);
      });
      const address = `${host}:${opts.port}`;
      const service = bonjour.publish({
        name: `Mostrador ${opts.shopId.slice(0, 8)} ${host.replace(/[.:]/g, '-')} ${opts.port}`,
        type: SHOP_SERVICE_TYPE, port: opts.port, disableIPv6: true,
        txt: { [TXT.fingerprint]: opts.fingerprint, [TXT.shop]: opts.shopId, [TXT.address]: address, [TXT.version]: '1' },
      });
      service.on('error', (error: unknown) => trouble(host, error));
      instances.push(bonjour);
      addresses.push(address);
    } catch (error) {
      trouble(host, error);
    }
  }
  return {
    addresses,
    async stop() {
      await Promise.all(instances.map((bonjour) => new Promise<void>((resolve) => {
        const timer = setTimeout(done, opts.stopTimeoutMs ?? 1_000);
        function done() {
          clearTimeout(timer);
          close(bonjour);
          resolve();
        }
        try {
          bonjour.unpublishAll(done);
        } catch {
          done();
        }
      })));
    },
  };
}

export interface BrowseOptions {
  /** The pinned fingerprint: only announces naming it count. */
  fingerprint: string;
  /** How long to listen (ms); the browse stops earlier at the first match when `first` is set. */
  timeoutMs: number;
  /** The interface to browse on (an IPv4 address of this computer); absent: the system's default. */
  interfaceHost?: string;
  first?: boolean;
}

/**
 * The addresses (host:port) announced with `fingerprint`, as each announce names its own (its TXT `addr`; the
 * announce's A records are not used: a host's other interfaces may be on other networks). [] when nothing answered
 * in time or multicast is missing.
 */
export function browseShopServer(opts: BrowseOptions): Promise<string[]> {
  return new Promise((resolve) => {
    const found: string[] = [];
    let bonjour: Bonjour | null = null;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (bonjour) close(bonjour);
      resolve(found);
    };
    const timer = setTimeout(finish, Math.max(0, opts.timeoutMs));
    const browse = () => {
      if (finished) return;
      try {
        bonjour = new Bonjour(mdnsOptions({ ...(opts.interfaceHost ? { interface: opts.interfaceHost } : {}), bind: '0.0.0.0' }));
        onTrouble(bonjour, finish);
        const browser = bonjour.find({ type: SHOP_SERVICE_TYPE });
        const seen = (service: { txt?: Record<string, unknown> }) => {
          const txt = service.txt ?? {};
          if (String(txt[TXT.fingerprint] ?? '') !== opts.fingerprint) return;
          const address = String(txt[TXT.address] ?? '');
          if (/^[0-9A-Za-z.-]{1,200}:\d{1,5}$/.test(address) && !found.includes(address)) found.push(address);
          if (opts.first && found.length > 0) finish();
        };
        browser.on('up', seen);
        browser.on('txt-update', seen);
      } catch {
        finish();
      }
    };
    if (opts.interfaceHost) void multicastProblem(opts.interfaceHost).then((problem) => (problem ? finish() : browse()));
    else browse();
  });
}
