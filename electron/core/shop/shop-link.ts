/**
 * The till's live link with the shop server (issue 20), beside the counter and never in its way: a pull loop that
 * long-polls the change feed and applies each page in one short SQLite transaction, and a push loop that sends the
 * edits made here (commands), the sales by revision and the closed shifts. Both back off while the server is away
 * and say since when; a charge only kicks the push loop and never waits on it.
 */
import { pushedSaleSchema } from '../../../shared/shop/contract';
import type { ShopServerLineDto } from '../../../shared/bridge/types';
import { KeychainUnavailableError, type CredentialStore } from '../secrets/credential-store';
import type { Store } from '../store';
import { createShopClient, type ShopClient, type ShopClientOptions } from './shop-client';
import { ShopError } from './shop-error';
import { readShopPairing, type ShopPairingRecord } from './shop-pairing-record';
import { loadTillKey } from './till-key';

export interface ShopLinkOptions {
  store: Store;
  credentials: CredentialStore;
  now: () => number;
  random?: () => number;
  log: (line: string) => void;
  /** Something the status bar or Settings shows changed (contact, waiting sales, refused edits, new master data). */
  onChange: () => void;
  client?: Partial<ShopClientOptions>;
  /** The long-poll's wait (s); the push loop's look when nothing woke it (ms); the backoff's bounds (ms). */
  pollWaitSeconds?: number;
  idleMs?: number;
  backoff?: { baseMs: number; maxMs: number };
}

export interface ShopLink {
  /** Starts the loops when the till is paired (again after a pairing or an unpairing). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** New work for the push loop (a charge, an edit, a sale's new state). Never throws, never waits. */
  kick(): void;
  /** The status bar's line; null when the till is not paired. */
  line(): ShopServerLineDto | null;
  lastContactAt(): number | null;
  pairing(): ShopPairingRecord | null;
}

const COMMANDS_PER_PUSH = 200;
const SALES_PER_PUSH = 500;
const SHIFTS_PER_PUSH = 50;

/** A problem as a code the renderer words: the transport's, the server's refusal, or the keychain's. */
export function problemCode(error: unknown): string {
  if (error instanceof ShopError) {
    if (error.code !== 'HTTP') return error.code;
    if (error.status === 401 && error.serverCode) return `AUTH_${error.serverCode.toUpperCase()}`;
    return `HTTP_${error.status ?? 0}`;
  }
  if (error instanceof KeychainUnavailableError) return 'KEYCHAIN_UNAVAILABLE';
  return 'INTERNAL';
}

interface Run {
  stopped: boolean;
  abort: AbortController;
  wake: (() => void) | null;
  done: Promise<unknown>;
}

export function createShopLink(opts: ShopLinkOptions): ShopLink {
  const { store, now, log } = opts;
  const random = opts.random ?? Math.random;
  const pollWait = opts.pollWaitSeconds ?? 25;
  const idleMs = opts.idleMs ?? 30_000;
  const backoff = opts.backoff ?? { baseMs: 1_000, maxMs: 30_000 };
  let run: Run | null = null;
  let lastContact: number | null = null;
  let unreachableSince: number | null = null;
  let problem: string | null = null;
  const skippedSales = new Set<number>();

  const changed = () => {
    try {
      opts.onChange();
    } catch (error) {
      log(`shop server: could not announce a change: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  function contact(): void {
    const news = unreachableSince !== null || problem !== null || lastContact === null;
    lastContact = now();
    unreachableSince = null;
    problem = null;
    if (news) changed();
  }
  function failed(error: unknown): void {
    const code = problemCode(error);
    const news = code !== problem || unreachableSince === null;
    if (unreachableSince === null) unreachableSince = now();
    if (news) log(`shop server: ${code}: ${error instanceof Error ? error.message : String(error)}`);
    problem = code;
    if (news) changed();
  }

  /** Waits `ms`, or less when the run stops or (with `kickable`) new work arrives. */
  function pause(r: Run, ms: number, kickable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      const onAbort = () => finish();
      function finish() {
        clearTimeout(timer);
        r.abort.signal.removeEventListener('abort', onAbort);
        if (kickable && r.wake === finish) r.wake = null;
        resolve();
      }
      r.abort.signal.addEventListener('abort', onAbort, { once: true });
      if (kickable) r.wake = finish;
    });
  }
  const delay = (failures: number) => Math.round(Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(failures - 1, 10)) * (0.5 + random() / 2));

  async function pull(r: Run, client: ShopClient, pairing: ShopPairingRecord): Promise<void> {
    let failures = 0;
    let restarts = 0;
    let more = false;
    while (!r.stopped) {
      try {
        const page = await client.changes(store.shopState().cursor, more ? 0 : pollWait, r.abort.signal);
        if (r.stopped) return;
        // One short transaction per page, cursor included: a crash or a failure here leaves the old state and cursor.
        const applied = store.applyShopChanges(page);
        contact();
        failures = 0;
        more = page.more;
        if (applied === 'restart') {
          // The server was restored from a copy: its feed's seqs are behind this till's cursor. Read it all again
          // (at once; a server whose generation keeps changing is read again at most once a backoff step).
          log('shop server: it was restored from a copy; this till reads its products, customers, people and settings again');
          restarts += 1;
          more = restarts <= 1;
          if (restarts > 1) await pause(r, delay(restarts), false);
          continue;
        }
        restarts = 0;
        if (page.changes.length > 0) changed();
        if (page.changes.some((c) => c.kind === 'till' && c.key === pairing.tillId && c.data.revoked)) {
          failed(new ShopError('HTTP', 'this till was revoked at the shop server', 401, 'revoked'));
          return;
        }
      } catch (error) {
        if (r.stopped) return;
        failed(error);
        failures += 1;
        await pause(r, delay(failures), false);
      }
    }
  }

  async function pushOnce(client: ShopClient): Promise<boolean> {
    const commands = store.takeShopCommands(COMMANDS_PER_PUSH);
    if (commands.length > 0) {
      const answer = await client.commands({ commands });
      store.recordShopDecisions(answer.results);
      contact();
      changed();
      return true;
    }
    const due = store.dueSales(SALES_PER_PUSH).filter((d) => {
      if (pushedSaleSchema.safeParse(d.sale).success) return true;
      if (!skippedSales.has(d.saleId)) log(`shop server: sale ${d.sale.referenceCode} does not meet the contract; it is not pushed`);
      skippedSales.add(d.saleId);
      return false;
    });
    if (due.length > 0) {
      await client.sales({ sales: due.map((d) => d.sale) });
      // Recorded after the answer: a crash before this line resends the same revisions, which the server keeps once.
      store.markSalesPushed(due.map((d) => ({ saleId: d.saleId, revision: d.sale.revision })));
      contact();
      changed();
      return true;
    }
    const shifts = store.dueShifts(SHIFTS_PER_PUSH);
    if (shifts.length > 0) {
      await client.shifts({ shifts: shifts.map((s) => ({ ...s, report: s.report as never })) });
      store.markShiftsPushed(shifts.map((s) => s.shiftId));
      contact();
      return true;
    }
    return false;
  }

  async function push(r: Run, client: ShopClient): Promise<void> {
    let failures = 0;
    while (!r.stopped) {
      try {
        const worked = await pushOnce(client);
        failures = 0;
        if (!worked) await pause(r, idleMs, true);
      } catch (error) {
        if (r.stopped) return;
        failed(error);
        failures += 1;
        await pause(r, delay(failures), true);
      }
    }
  }

  async function begin(r: Run): Promise<void> {
    const pairing = readShopPairing(store);
    if (!pairing || !store.shopState().paired) return;
    let failures = 0;
    while (!r.stopped) {
      try {
        const privateKey = await loadTillKey(opts.credentials, store.tillId());
        if (!privateKey) {
          failed(new ShopError('HTTP', 'the till key is not in the keychain; pair again', 401, 'no_key'));
          return;
        }
        const client = createShopClient({ ...opts.client, baseUrl: pairing.serverUrl, pin: pairing.pin, tillId: pairing.tillId, privateKey, now, random });
        await Promise.all([pull(r, client, pairing), push(r, client)]);
        return;
      } catch (error) {
        failed(error);
        failures += 1;
        await pause(r, delay(failures), false);
      }
    }
  }

  async function stop(): Promise<void> {
    const current = run;
    run = null;
    if (!current) return;
    current.stopped = true;
    current.abort.abort();
    await current.done.catch(() => {});
  }

  return {
    async restart() {
      await stop();
      lastContact = null;
      unreachableSince = null;
      problem = null;
      const r: Run = { stopped: false, abort: new AbortController(), wake: null, done: Promise.resolve() };
      r.done = begin(r).catch((error: unknown) => log(`shop server link stopped: ${error instanceof Error ? error.message : String(error)}`));
      run = r;
    },
    stop,
    kick() {
      run?.wake?.();
    },
    line() {
      if (!store.shopState().paired) return null;
      return { unreachableSince, problem, salesWaiting: store.salesWaitingForShop(), feedCursor: store.shopState().cursor };
    },
    lastContactAt: () => lastContact,
    pairing: () => (store.shopState().paired ? readShopPairing(store) : null),
  };
}
