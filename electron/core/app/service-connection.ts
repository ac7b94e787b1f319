/**
 * The invoicing service the till talks to right now — the embedded demo service or the shop's real one — with
 * its API client and sync engine. Switching stops the old pair cleanly (in-flight sends finish or are recovered
 * from the outbox) and starts a new pair in place; the store and the outbox stay as they are.
 */
import { ApiError } from '../api/errors';
import { createInvoicingApi, type InvoicingApi, type InvoicingApiOptions } from '../api/invoicing-api';
import { KeychainUnavailableError, type CredentialStore } from '../secrets/credential-store';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions, type SyncEvent } from '../sync/sync-engine';
import type { SyncStore } from '../sync/ports';
import type { ApiRequests } from '../store/api-requests';
import { KEYS, connectionMode, currentService, readRateShare, type ConnectionMode, type SettingsRows } from './settings-mapping';

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
  baseUrl: string;
  clientId: string;
  api: InvoicingApi;
  engine: SyncEngine;
}

export interface ServiceConnectionOptions {
  store: SyncStore & SettingsRows & ApiRequests;
  credentials: CredentialStore;
  demo: DemoServiceProvider;
  now: () => number;
  random: () => number;
  api?: Partial<InvoicingApiOptions>;
  engine?: Partial<SyncEngineOptions>;
  onEvent: (event: SyncEvent) => void;
  log: (line: string) => void;
}

export interface ServiceConnection {
  current(): ActiveConnection;
  /** (Re)starts the API client and sync engine from the saved settings. Calls are serialised. */
  activate(): Promise<ActiveConnection>;
  close(): Promise<void>;
}

export function createServiceConnection(opts: ServiceConnectionOptions): ServiceConnection {
  let active: ActiveConnection | null = null;
  let unsubscribe: (() => void) | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  async function stopActive(): Promise<void> {
    if (!active) return;
    unsubscribe?.();
    unsubscribe = null;
    const { api, engine } = active;
    active = null;
    await engine.stop();
    await api.close();
  }

  async function endpoint(mode: ConnectionMode): Promise<{ baseUrl: string; clientId: string; getClientSecret: () => Promise<string> }> {
    if (mode === 'demo') {
      const demo = await opts.demo.start();
      return { baseUrl: demo.baseUrl, clientId: demo.clientId, getClientSecret: async () => demo.clientSecret };
    }
    await opts.demo.stop();
    const baseUrl = opts.store.getSetting(KEYS.baseUrl) ?? '';
    const clientId = opts.store.getSetting(KEYS.clientId) ?? '';
    return {
      baseUrl,
      clientId,
      // Read from the keychain each time a token is needed, so the secret is never held longer than one request.
      getClientSecret: async () => {
        let secret: string | null;
        try {
          secret = await opts.credentials.getClientSecret({ baseUrl, clientId });
        } catch (error) {
          const message = error instanceof KeychainUnavailableError ? error.message : 'The system keychain could not be read';
          throw new ApiError({ kind: 'auth', code: 'KEYCHAIN_UNAVAILABLE', message });
        }
        if (!secret) {
          throw new ApiError({ kind: 'auth', code: 'NO_SECRET', message: 'No client secret is stored for this connection; enter it in Settings' });
        }
        return secret;
      },
    };
  }

  return {
    current() {
      if (!active) throw new Error('The invoicing service connection has not been started');
      return active;
    },
    activate() {
      return serial(async () => {
        await stopActive();
        const mode = connectionMode(opts.store);
        const target = await endpoint(mode);
        const api = createInvoicingApi({
          ...target, now: opts.now, random: opts.random,
          // The rate budget outlives the process (per service) and is this till's share of the service's limit.
          rateJournal: opts.store.rateJournal(currentService(opts.store)), rateShare: () => readRateShare(opts.store) / 100,
          ...opts.api,
        });
        const engine = createSyncEngine({
          store: opts.store, api, service: currentService(opts.store), now: opts.now, random: opts.random, ...opts.engine,
        });
        unsubscribe = engine.subscribe(opts.onEvent);
        active = { mode, baseUrl: target.baseUrl, clientId: target.clientId, api, engine };
        engine.start();
        opts.log(mode === 'demo' ? 'connected to the embedded demo service' : `connected to the invoicing service at ${target.baseUrl}`);
        return active;
      });
    },
    close() {
      return serial(async () => {
        await stopActive();
        await opts.demo.stop();
      });
    },
  };
}
