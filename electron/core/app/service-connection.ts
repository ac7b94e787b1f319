/**
 * The invoicing services the till talks to: the one new sales are rung up for (the demo service or the shop's
 * real one, from the saved settings) plus any other that still has sales on their way. Each service has its own
 * API client and sync engine, so a switch never strands a sale and never sends it to the wrong service; a pair
 * stops once its service has nothing left on its way. Re-saving the same service keeps its running pair (and its
 * rate budget) and only drops the token. A saved configuration that cannot be used is a stated problem, not a crash.
 */
import type { Connection } from '../../../shared/bridge/types';
import { isApiError } from '../../../common/invoicing/errors';
import { createInvoicingApi, DEFAULT_RATE_LIMIT, type InvoicingApi, type InvoicingApiOptions } from '../../../common/invoicing/invoicing-api';
import type { RatePermits } from '../shop/rate-permits';
import { BridgeFailure } from '../bridge/bridge-failure';
import { KEYCHAIN_PROBLEM_CODES, classifyKeychainFailure, type CredentialStore } from '../secrets/credential-store';
import type { OutboxState } from '../store/outbox';
import type { SyncStore } from '../sync/ports';
import { createSyncEngine, type ConfirmDelegate, type SyncEngine, type SyncEngineOptions, type SyncEvent, type SyncSnapshot } from '../sync/sync-engine';
import type { ApiRequests } from '../store/api-requests';
import { keychainSecret } from './service-endpoint';
import {
  KEYS, RANGE_KEYS, currentService, endpointProblem, readRateShare, rangeKeyFor, splitServiceKey, type ConnectionMode, type SettingsRows,
} from './settings-mapping';

/** The embedded demo service; composition code starts it (the core never imports the sandbox). */
export interface DemoService {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface DemoServiceProvider {
  /** Starts the demo service if it is not running; the same one on repeated calls. */
  start(): Promise<DemoService>;
  stop(): Promise<void>;
}

export interface ActiveConnection {
  mode: ConnectionMode;
  /** The key sales are recorded under ('demo', or base URL|client id). */
  service: string;
  baseUrl: string;
  clientId: string;
  api: InvoicingApi;
  engine: SyncEngine;
}

/** Why the configured service cannot be used now; the status bar shows it and Settings fixes it. */
export interface ConnectionProblem {
  /** CONFIG_INVALID, DEMO_UNAVAILABLE, NO_SECRET, KEYCHAIN_UNAVAILABLE, KEYCHAIN_LOCKED, KEYCHAIN_DENIED, KEYCHAIN_FAILED. */
  code: string;
  message: string;
  at: number;
}

export interface ServiceConnectionOptions {
  store: SyncStore & SettingsRows & ApiRequests & {
    outstandingByService(): Map<string, number>;
    countsByService(): Map<string, Record<OutboxState, number>>;
  };
  credentials: CredentialStore;
  demo: DemoServiceProvider;
  now: () => number;
  random: () => number;
  api?: Partial<InvoicingApiOptions>;
  engine?: Partial<SyncEngineOptions>;
  /** Every engine's events; `active` says whether they come from the service in use. */
  onEvent: (event: SyncEvent, active: boolean) => void;
  log: (line: string) => void;
  /**
   * The shop's one budget for a client id (issue 28): permits from the shop server while the till is paired and the
   * server answers; the till's own share of the limit otherwise. Absent: the owner's share setting alone.
   */
  ratePermits?: (account: { baseUrl: string; clientId: string; limit: number; windowMs: number }) => RatePermits;
  /**
   * Issue 28: the shop server confirms this service's documents for the shop (a paired till): the engine reports to it
   * and does not poll what it covers. `service` is the engine's service key (its store scope).
   */
  confirmations?: (account: { baseUrl: string; clientId: string; service: string }) => (ConfirmDelegate & { close(): Promise<void> }) | null;
}

export interface ServiceConnection {
  /** The service new sales go to; a BridgeFailure (UNAVAILABLE) saying why when its configuration cannot be used. */
  current(): ActiveConnection;
  /** The service in use as the status bar sees it, with the configuration problem if any. Never throws. */
  status(): { snapshot: SyncSnapshot; problem: ConnectionProblem | null };
  /** Wakes every engine (new work, "retry now"). Never throws. */
  kick(): void;
  /** "Reintentar ahora": every engine checks its connection at once and sends. */
  retryNow(): void;
  /**
   * Why sales of `service` (a key as sales are recorded) cannot be sent to it now, or null when they can: the
   * demo service can always be started; a real one needs a usable address and its secret in the keychain.
   */
  unreachable(service: string): Promise<string | null>;
  /**
   * The API client of `service` while its engine runs (the one in use, or one with sales on their way), else null:
   * for asking that service about one of its sales (a look-up by reference code before a void).
   */
  apiFor(service: string): InvoicingApi | null;
  /** Starts (or wakes) the engine of `service` once it has sales on their way; never another service's. */
  wake(service: string): Promise<void>;
  /** The services not in use that still have sales on their way or stuck, for the status bar. Never throws. */
  others(): OtherService[];
  /**
   * Brings the engines in line with the saved settings and the outbox: the service in use, plus one per service
   * that still has sales on their way. Calls are serialised; a configuration problem is recorded, not thrown.
   * `unverified`: the service in use was saved without answering ("save anyway"); until it answers, the status
   * bar says the till is waiting for it (its engine alone would say "online" until a sale fails).
   */
  activate(opts?: { unverified?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** A service other than the one in use, as the status bar sees it. */
export interface OtherService {
  service: string;
  mode: ConnectionMode;
  /** The address of a real service (null for the demo). */
  baseUrl: string | null;
  counts: Record<OutboxState, number>;
  /** Its engine's view; 'misconfigured' when no engine can run for it (the reason is in lastErrorCode). */
  connection: Connection;
  lastErrorCode: string | null;
}

interface Pair extends ActiveConnection {
  unsubscribe: () => void;
  permits: RatePermits | null;
  delegate: (ConfirmDelegate & { close(): Promise<void> }) | null;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createServiceConnection(opts: ServiceConnectionOptions): ServiceConnection {
  const { store } = opts;
  const pairs = new Map<string, Pair>();
  /** The service key new sales are recorded under, as of the last activate. */
  let activeKey: string | null = null;
  let problem: ConnectionProblem | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let sweepQueued = false;
  let closed = false;

  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };
  const noteProblem = (code: string, message: string): void => {
    problem = { code, message, at: opts.now() };
    opts.log(`connection problem ${code}: ${message}`);
  };

  /** An engine keeps its service's range rows under its own key once another service is in use. */
  function rangeScopedStore(key: string): SyncStore {
    const scoped = (k: string): string => (RANGE_KEYS.includes(k as never) && currentService(store) !== key ? rangeKeyFor(k, key) : k);
    return {
      ...store,
      getSetting: (k) => {
        const value = store.getSetting(scoped(k));
        return RANGE_KEYS.includes(k as never) && value === '' ? null : value;
      },
      setSetting: (k, v) => store.setSetting(scoped(k), v),
    };
  }

  async function build(key: string): Promise<Pair | null> {
    let target: { mode: ConnectionMode; baseUrl: string; clientId: string; getClientSecret: () => Promise<string> };
    if (key === 'demo') {
      const demo = await opts.demo.start();
      target = { mode: 'demo', baseUrl: demo.baseUrl, clientId: demo.clientId, getClientSecret: async () => demo.clientSecret };
    } else {
      const account = splitServiceKey(key);
      const wrong = account ? endpointProblem(account.baseUrl, account.clientId) : 'The saved connection is incomplete.';
      if (!account || wrong) throw new Error(wrong ?? 'The saved connection is incomplete.');
      target = { mode: 'service', ...account, getClientSecret: keychainSecret(opts.credentials, account) };
    }
    const limit = opts.api?.rateLimit ?? DEFAULT_RATE_LIMIT;
    const permits = opts.ratePermits?.({ baseUrl: target.baseUrl, clientId: target.clientId, ...limit }) ?? null;
    const api = createInvoicingApi({
      ...target, now: opts.now, random: opts.random,
      // The rate budget outlives the process (per service). With the shop's budget, the till's own limiter keeps to
      // the whole limit while the server's permits decide, and to its fallback share when the server is away.
      rateJournal: opts.store.rateJournal(key),
      rateShare: permits ? () => permits.ownShare() : () => readRateShare(opts.store) / 100,
      ...(permits ? { permits } : {}),
      ...opts.api,
    });
    // The demo service is this till's own: no shop server holds its account.
    const delegate = target.mode === 'service' ? opts.confirmations?.({ baseUrl: target.baseUrl, clientId: target.clientId, service: key }) ?? null : null;
    const engine = createSyncEngine({
      store: rangeScopedStore(key), api, service: key, now: opts.now, random: opts.random, ...opts.engine,
      ...(delegate ? { delegate } : {}),
    });
    const pair: Pair = {
      mode: target.mode, service: key, baseUrl: target.baseUrl, clientId: target.clientId, api, engine, unsubscribe: () => {}, permits, delegate,
    };
    pair.unsubscribe = engine.subscribe((event) => {
      const active = key === activeKey;
      opts.onEvent(event, active);
      if (!active && event.type === 'sale' && (event.state === 'validated' || event.state === 'needs_attention')) scheduleSweep();
    });
    pairs.set(key, pair);
    engine.start();
    opts.log(target.mode === 'demo' ? 'connected to the embedded demo service' : `connected to the invoicing service at ${target.baseUrl}`);
    return pair;
  }

  /** A service with nothing left on its way and not in use: stop its pair; forget its secret if it is not the saved one. */
  async function retire(pair: Pair): Promise<void> {
    pairs.delete(pair.service);
    pair.unsubscribe();
    await pair.engine.stop();
    await pair.api.close();
    await pair.permits?.close();
    await pair.delegate?.close();
    if (pair.mode === 'demo') {
      await opts.demo.stop();
    } else {
      opts.log(`stopped sending to ${pair.baseUrl}: none of its sales are left on their way`);
      await forgetSecretIfUnused(pair);
    }
  }

  async function forgetSecretIfUnused(account: { baseUrl: string; clientId: string; service?: string }): Promise<void> {
    const saved = { baseUrl: store.getSetting(KEYS.baseUrl) ?? '', clientId: store.getSetting(KEYS.clientId) ?? '' };
    if (saved.baseUrl.replace(/\/+$/, '') === account.baseUrl.replace(/\/+$/, '') && saved.clientId === account.clientId) return;
    // A sale that needs attention may still be sent again to its own service (sales.retry): keep what that needs.
    if ((store.countsByService().get(account.service ?? '')?.needs_attention ?? 0) > 0) return;
    await opts.credentials.deleteClientSecret(account).catch((error: unknown) => {
      opts.log(`the old client secret could not be removed from the keychain: ${errorText(error)}`);
    });
  }

  /** Services saved without an answer, by key → since when; each has one bounded-backoff wait for its first answer. */
  const awaiting = new Map<string, number>();
  let wakeWaiters: Array<() => void> = [];
  const pause = (ms: number): Promise<void> => new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      wakeWaiters = wakeWaiters.filter((w) => w !== done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakeWaiters.push(done);
  });

  /** Asks the service (its ranges) until it answers at all, backing off to 30 s; then its engine sends at once. */
  async function awaitFirstAnswer(pair: Pair): Promise<void> {
    for (let attempt = 0; !closed && pairs.get(pair.service) === pair && awaiting.has(pair.service); attempt++) {
      try {
        await pair.api.listNumberingRanges();
        break;
      } catch (error) {
        // Anything but "could not reach it" is an answer: from here on the engine's own words say what is wrong.
        if (!isApiError(error) || error.kind !== 'transient') break;
        await pause(Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5)));
      }
    }
    if (!awaiting.delete(pair.service) || closed) return;
    opts.log(`the invoicing service at ${pair.baseUrl} answers`);
    pair.engine.kick();
    opts.onEvent({ type: 'status', snapshot: pair.engine.snapshot() }, pair.service === activeKey);
  }

  /** Why a service's engine failed to start at the last sweep, by service key (shown in the status bar). */
  const buildProblems = new Map<string, string>();

  /** Starts a pair for every service with sales on their way, stops the others (except the one in use). */
  async function sweep(): Promise<void> {
    const outstanding = store.outstandingByService();
    for (const [key, count] of outstanding) {
      if (count === 0 || pairs.has(key) || key === '' || key === activeKey) continue;
      try {
        await build(key);
        buildProblems.delete(key);
      } catch (error) {
        // Those sales wait (they are never sent elsewhere); the log and the status bar say why.
        buildProblems.set(key, key === 'demo' ? 'DEMO_UNAVAILABLE' : 'CONFIG_INVALID');
        opts.log(`cannot send the ${count} sale(s) recorded for ${key === 'demo' ? 'the demo service' : key}: ${errorText(error)}`);
      }
    }
    for (const pair of [...pairs.values()]) {
      if (pair.service !== activeKey && !(outstanding.get(pair.service) ?? 0)) await retire(pair);
    }
  }

  function scheduleSweep(): void {
    if (sweepQueued || closed) return;
    sweepQueued = true;
    void serial(async () => {
      sweepQueued = false;
      if (!closed) await sweep();
    }).catch((error: unknown) => opts.log(`engine clean-up failed: ${errorText(error)}`));
  }

  /** Whether the keychain holds a usable secret for the service in use: said at start, not at the first sale. */
  async function checkSecret(pair: Pair): Promise<void> {
    try {
      await keychainSecret(opts.credentials, pair)();
    } catch (error) {
      if (pair.service !== activeKey) return;
      const code = (error as { code?: string }).code ?? KEYCHAIN_PROBLEM_CODES[classifyKeychainFailure(error)];
      noteProblem(code, errorText(error));
    }
  }

  function emptySnapshot(): SyncSnapshot {
    return { connection: 'offline', counts: store.counts(), lastError: null, lastErrorCode: null, lastErrorAt: null };
  }

  return {
    current() {
      const pair = activeKey === null ? undefined : pairs.get(activeKey);
      if (pair) return pair;
      throw new BridgeFailure('UNAVAILABLE', problem?.message ?? 'The invoicing service connection is starting; try again in a moment.');
    },
    status() {
      const pair = activeKey === null ? undefined : pairs.get(activeKey);
      const snapshot = pair ? pair.engine.snapshot() : emptySnapshot();
      const since = pair ? awaiting.get(pair.service) : undefined;
      if (pair && since !== undefined && snapshot.connection === 'online') {
        // Saved without an answer and nothing has failed yet: say the till is waiting for it, not "online".
        return {
          snapshot: {
            ...snapshot, connection: 'offline', lastErrorCode: 'WAITING_FOR_SERVICE', lastErrorAt: since,
            lastError: `The invoicing service at ${pair.baseUrl} has not answered yet; sales wait until it does.`,
          },
          problem,
        };
      }
      return { snapshot, problem };
    },
    kick() {
      for (const pair of pairs.values()) pair.engine.kick();
      for (const wake of [...wakeWaiters]) wake();
    },
    retryNow() {
      for (const pair of pairs.values()) pair.engine.retryNow();
      for (const wake of [...wakeWaiters]) wake();
    },
    async unreachable(service) {
      if (service === 'demo' || service === '') return null;
      const account = splitServiceKey(service);
      const wrong = account ? endpointProblem(account.baseUrl, account.clientId) : 'The address of that invoicing service is incomplete.';
      if (!account || wrong) return wrong ?? 'The address of that invoicing service is incomplete.';
      try {
        await keychainSecret(opts.credentials, account)();
        return null;
      } catch (error) {
        const code = (error as { code?: string }).code;
        return code === 'NO_SECRET'
          ? `The client secret of the invoicing service at ${account.baseUrl} (${account.clientId}) is no longer in the keychain, so its sales cannot be sent to it again. Connect that service in Settings to send them.`
          : `The keychain could not give the client secret of the invoicing service at ${account.baseUrl} (${account.clientId}): ${errorText(error)}`;
      }
    },
    apiFor(service) {
      return pairs.get(service)?.api ?? null;
    },
    wake(service) {
      return serial(async () => {
        if (closed) return;
        await sweep();
        pairs.get(service)?.engine.kick();
      });
    },
    others() {
      try {
        const result: OtherService[] = [];
        for (const [service, counts] of store.countsByService()) {
          if (service === '' || service === activeKey) continue;
          const onItsWay = counts.waiting + counts.sending + counts.queued;
          if (onItsWay === 0) continue;
          const pair = pairs.get(service);
          const snapshot = pair?.engine.snapshot();
          result.push({
            service, mode: service === 'demo' ? 'demo' : 'service', baseUrl: splitServiceKey(service)?.baseUrl ?? null, counts,
            connection: snapshot?.connection ?? (buildProblems.has(service) ? 'misconfigured' : 'offline'),
            lastErrorCode: snapshot ? snapshot.lastErrorCode : (buildProblems.get(service) ?? 'NOT_STARTED'),
          });
        }
        return result;
      } catch (error) {
        opts.log(`could not list the other services' sales: ${errorText(error)}`);
        return [];
      }
    },
    activate(activation) {
      return serial(async () => {
        if (closed) return;
        const key = currentService(store);
        activeKey = key;
        problem = null;
        if (!activation?.unverified) awaiting.delete(key);
        let pair = pairs.get(key);
        if (pair) {
          // The same service again (e.g. a re-saved secret): keep its engine and rate budget, use the new secret.
          pair.api.forgetToken();
          pair.engine.retryNow();
        } else {
          try {
            pair = (await build(key)) ?? undefined;
          } catch (error) {
            noteProblem(key === 'demo' ? 'DEMO_UNAVAILABLE' : 'CONFIG_INVALID', `${errorText(error)} Sales wait; fix the connection in Settings.`);
          }
        }
        await sweep();
        if (pair?.mode === 'service') void checkSecret(pair);
        if (pair?.mode === 'service' && activation?.unverified && !awaiting.has(key)) {
          awaiting.set(key, opts.now());
          void awaitFirstAnswer(pair).catch((error: unknown) => opts.log(`waiting for ${pair?.baseUrl}: ${errorText(error)}`));
        }
      });
    },
    close() {
      closed = true;
      for (const wake of [...wakeWaiters]) wake();
      return serial(async () => {
        for (const pair of [...pairs.values()]) {
          pairs.delete(pair.service);
          pair.unsubscribe();
          await pair.engine.stop();
          await pair.api.close();
          await pair.delegate?.close();
        }
        await opts.demo.stop();
      });
    },
  };
}
