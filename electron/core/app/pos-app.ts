/**
 * The point of sale as one object: the store, the credential store and the live connection composed behind the
 * bridge handlers, plus the events the screens follow. Both shells (Electron IPC, browser-mode host) wrap this.
 */
import { DEFAULT_TILL_NAME, type BridgeEventName, type BridgeEvents } from '../../../shared/bridge/contract';
import type { ConfirmationsDto, InvoicingRateDto, SellerDto, SettingsDto, SyncStatusDto } from '../../../shared/bridge/types';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { DEFAULT_TIMEOUTS, type InvoicingApiOptions } from '../../../common/invoicing/invoicing-api';
import type { CredentialStore } from '../secrets/credential-store';
import type { Store } from '../store';
import type { SyncEngineOptions, SyncEvent } from '../sync/sync-engine';
import type { AppContext, ReceiptPrinter } from './app-context';
import { seedDemoCatalog } from './demo-catalog';
import { createServiceConnection, type DemoServiceProvider } from './service-connection';
import { secretStateOf } from './secret-state';
import { KEYS, connectionMode, currentService, readRateShare, readSettings } from './settings-mapping';
import { setupHandlers } from './setup-handlers';
import { shopHandlers } from './shop-handlers';
import { historyHandlers } from './history-handlers';
import { openSaleHandlers } from './open-sale-handlers';
import { counterHandlers } from './counter-handlers';
import { customerDirectoryHandlers } from './customer-directory-handlers';
import { catalogHandlers } from './catalog-handlers';
import type { UploadStore } from '../uploads/upload-store';
import { correctionHandlers } from './correction-handlers';
import { peopleDesk } from './people-handlers';
import { shiftHandlers } from './shift-handlers';
import { printingDesk, type PrintingDesk, type PrintingOptions } from './printing-handlers';
import { SendProgress, syncStatusDto } from './sync-status';
import { backupHandlers, type RestoreTarget } from './backup-handlers';
import { createBackupService, type BackupService } from '../backup/backup-service';
import { backupPassphrase } from '../backup/backup-passphrase';
import { startRecordPruning, type RecordPruning } from './record-pruning';
import { createShopLink, type ShopLink, type ShopLinkOptions } from '../shop/shop-link';
import { rateAccountKey } from '../../../common/invoicing/account-key';
import { createRatePermits } from '../shop/rate-permits';
import { createConfirmWatch, type ConfirmMode, type ConfirmWatch } from '../shop/confirm-watch';
import { applyRelayedOutcome, type RelayedUpdate } from '../shop/relayed-outcome';
import { renameAtServer, shopServerHandlers } from './shop-server-handlers';
import { backOfficeHandlers } from './back-office-handlers';
import { updateRefusalNotice, type UpdateVerdicts } from '../updates/update-refusal-notice';
import { updateHandlers } from './update-handlers';
import { createJobs } from './jobs';
import { COUNTER_WRITES, createWriteGate } from './write-gate';
import type { ImportWorkerEntry } from './catalog-import-runner';

export type PosEvent = { [E in BridgeEventName]: { event: E; payload: BridgeEvents[E] } }[BridgeEventName];

export interface PosAppOptions {
  store: Store;
  credentials: CredentialStore;
  demo: DemoServiceProvider;
  /** Seller details shown in demo mode until the user saves their own. */
  demoSeller: SellerDto;
  shell: 'electron' | 'browser';
  version: string;
  printer?: ReceiptPrinter;
  now?: () => number;
  random?: () => number;
  api?: Partial<InvoicingApiOptions>;
  engine?: Partial<SyncEngineOptions>;
  /** Operational log; lines never contain secrets or request bodies. */
  log?: (line: string) => void;
  /** The thermal printer's connections (timeouts, backoff); defaults for a real counter. */
  printing?: PrintingOptions;
  /** The data folder for daily backups and restores; without it (tests, in-memory stores) the till takes none. */
  backup?: RestoreTarget;
  /** The shop server link's timings (tests shorten them). */
  shop?: Pick<ShopLinkOptions, 'client' | 'pollWaitSeconds' | 'idleMs' | 'backoff' | 'browse' | 'discoverEveryMs'>;
  /** Files the shell received as files (a catalog CSV); without it, a CSV comes inline only. */
  uploads?: UploadStore;
  /** Where the catalog import's worker is (catalog-import-runner.ts); its source under tsx when not given. */
  importWorker?: ImportWorkerEntry;
}

/** Calls that edit master data: the shop server's push loop hears of them at once (their commands are already recorded). */
const MASTER_DATA_EDITS = new Set([
  'catalog.save', 'catalog.setActive', 'catalog.importCommit', 'customers.save', 'customers.update', 'customers.import', 'people.save',
  // The seller and the numbering authorisation are the shop's: a change goes to the server (issue 26).
  'settings.save',
]);

export interface PosApp {
  handlers: BridgeHandlers;
  /** Connects to the configured service (starting the demo one if none is configured) and starts sending. */
  start(): Promise<void>;
  subscribe(listener: (event: PosEvent) => void): () => void;
  close(): Promise<void>;
  /** Where the shell's updater reports each downloaded update's signature check (a refusal is shown to the owner). */
  updates: UpdateVerdicts;
}

/** Browser mode: the page prints itself with window.print(), which also offers "Save as PDF". */
export const PAGE_PRINTS_ITSELF: ReceiptPrinter = {
  async print() {
    return { printed: false };
  },
  async pdf() {
    throw new BridgeFailure('UNAVAILABLE', 'Saving a PDF from here is not available; use Print and choose "Save as PDF".');
  },
};

const NO_BACKUPS = (): never => {
  throw new BridgeFailure('UNAVAILABLE', 'This till takes no backups (it has no data folder).');
};
const unavailableBackups = {
  'backup.status': NO_BACKUPS, 'backup.configure': NO_BACKUPS, 'backup.run': NO_BACKUPS, 'backup.inspect': NO_BACKUPS, 'backup.restore': NO_BACKUPS,
};

export function createPosApp(opts: PosAppOptions): PosApp {
  const { store, credentials } = opts;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  const listeners = new Set<(event: PosEvent) => void>();
  const pending = new Set<Promise<unknown>>();
  const progress = new SendProgress();

  const emit = (event: PosEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // one broken screen must not stop the others
      }
    }
  };
  const isDemo = (): boolean => connectionMode(store) === 'demo';

  // Set once the context exists; a validated sale may have its fiscal receipt to print.
  let printing: PrintingDesk | null = null;

  // Every service's engine reports here; the status bar shows the service in use (the counts cover all sales).
  const onEngineEvent = (event: SyncEvent): void => {
    if (event.type === 'sale') {
      if (event.state !== 'sending' && event.state !== 'waiting') progress.sent();
      if (event.state === 'validated') printing?.catchUp();
      // The sale's new state is a new revision for the shop server.
      shopLink.kick();
      emit({ event: 'sale.updated', payload: { entryId: event.entryId, referenceCode: event.referenceCode, state: event.state } });
    } else {
      emit({ event: 'sync.status', payload: syncStatus() });
    }
  };

  // The shop link is made below; the permits reach it when they ask (after start), never before.
  let linkForPermits: ShopLink | null = null;
  let invoicingRate: InvoicingRateDto | null = null;
  // Issue 28: who confirms this till's documents (the shop server, or the till itself and why), per service in use.
  const watches = new Set<ConfirmWatch>();
  let confirmMode: ConfirmMode = { by: 'till', reason: 'unpaired' };
  // Outcomes the feed relayed, applied in the page's transaction: said to the screens once the page is in.
  let relayed: RelayedUpdate[] = [];
  const sayRelayed = (): void => {
    const updates = relayed;
    relayed = [];
    for (const update of updates) {
      // A page that rolled back took its outcomes with it: only what the store holds now is said.
      if (store.getEntry(update.entryId)?.state !== update.state) continue;
      onEngineEvent({ type: 'sale', ...update });
    }
  };
  const connection = createServiceConnection({
    store, credentials, demo: opts.demo, now, random: opts.random ?? Math.random,
    ...(opts.api ? { api: opts.api } : {}),
    ...(opts.engine ? { engine: opts.engine } : {}),
    onEvent: onEngineEvent,
    log,
    // One invoicing account for the whole shop (issue 28): permits from the shop server's budget while paired.
    ratePermits: (account) => createRatePermits({
      client: () => linkForPermits?.client() ?? null,
      serverAway: () => (linkForPermits?.line()?.unreachableSince ?? null) !== null,
      account: rateAccountKey(account.baseUrl, account.clientId), limit: account.limit, windowMs: account.windowMs,
      now, serverNow: () => linkForPermits?.clock.now() ?? now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      settingShare: () => readRateShare(store) / 100,
      onModeChange: (mode) => {
        invoicingRate = mode.kind === 'shop' ? { from: 'shop', activeTills: mode.activeTills } : { from: 'own', sharePercent: Math.round(mode.share * 100), ...(mode.reason === 'unpaired' ? {} : { reason: mode.reason }) };
        log(mode.kind === 'shop'
          ? `invoicing rate: the shop server's budget (${mode.activeTills} till(s) active)`
          : `invoicing rate: on this till's own share (${Math.round(mode.share * 100)} %, ${mode.reason})`);
        announceStatusSoon();
      },
    }),
    // The shop's confirmations (issue 28): the server watches this till's documents and relays their outcomes.
    confirmations: (account) => {
      const watch = createConfirmWatch({
        client: () => linkForPermits?.client() ?? null,
        serverAway: () => (linkForPermits?.line()?.unreachableSince ?? null) !== null,
        account: rateAccountKey(account.baseUrl, account.clientId),
        awaiting: () => store.listAwaitingValidation(account.service).filter((e) => e.remoteId !== null),
        now, serverNow: () => linkForPermits?.clock.now() ?? now(), log,
        onModeChange: (mode) => {
          confirmMode = mode;
          announceStatusSoon();
        },
      });
      watches.add(watch);
      return {
        ...watch,
        close: async () => {
          watches.delete(watch);
          await watch.close();
        },
      };
    },
  });
  store.setFeedDocumentApplier((outcome) => {
    const result = applyRelayedOutcome(store, outcome);
    if (result && 'release' in result) for (const watch of watches) watch.release(result.release);
    else if (result) relayed.push(result);
  });

  const passphrase = backupPassphrase(credentials);
  const backups: BackupService | null = opts.backup
    // The jobs registry is made below (with the context); every copy reports through it (issue 29).
    ? createBackupService({ store, dataDir: opts.backup.dataDir, passphrase, now, log, jobs: () => jobs })
    : null;

  // The shop server runs beside the counter: its news only schedule a status line, never wait for anything.
  const shopLink = createShopLink({
    store, credentials, now, log, ...(opts.random ? { random: opts.random } : {}), ...opts.shop,
    onChange: () => {
      sayRelayed();
      for (const watch of watches) watch.linkChanged();
      announceStatusSoon();
    },
  });
  linkForPermits = shopLink;
  // Read once here and kept in memory, like the last good copy: the snapshot reads nothing for it.
  const updateNotice = updateRefusalNotice(store, now, () => announceStatusSoon());

  const syncStatus = (): SyncStatusDto => {
    const { snapshot, problem } = connection.status();
    const status = {
      ...syncStatusDto(snapshot, progress.update(snapshot), isDemo(), problem, connection.others()),
      shopServer: shopLink.line(), updateRefusal: updateNotice.current(), peopleStamp: store.peopleStamp(),
      invoicingRate: shopLink.pairing() ? invoicingRate : null,
      confirmations: shopLink.pairing() ? confirmationsDto() : null,
    };
    // The last good copy is kept in memory by the backup service: the snapshot reads nothing for it.
    return backups ? { ...status, lastBackupAt: backups.lastGood()?.at ?? null } : status;
  };

  /** Who confirms this till's documents now, in the status bar's terms (the watch of the service in use). */
  function confirmationsDto(): ConfirmationsDto {
    const mode = [...watches].map((w) => w.mode()).find((m) => m.by === 'server') ?? confirmMode;
    const traffic = [...watches].map((w) => w.shopTraffic()).find((x) => x !== null) ?? null;
    const shop = traffic ? { shop: { requestsLastMinute: traffic.requestsLastMinute, limit: traffic.limit } } : {};
    return mode.by === 'server' ? { by: 'server', ...shop } : { by: 'till', reason: mode.reason, ...shop };
  }

  let pruning: RecordPruning | null = null;
  // The status bar's snapshot goes out after the caller's answer (a charge never waits on it), once for a burst.
  let statusSoon: NodeJS.Immediate | null = null;
  const announceStatusSoon = (): void => {
    if (statusSoon) return;
    statusSoon = setImmediate(() => {
      statusSoon = null;
      try {
        emit({ event: 'sync.status', payload: syncStatus() });
      } catch (error) {
        log(`could not announce the sync status: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  };

  async function settings(): Promise<SettingsDto> {
    const baseUrl = store.getSetting(KEYS.baseUrl);
    const clientId = store.getSetting(KEYS.clientId);
    // Only whether a secret exists; an unreadable keychain is said as such, not as "no secret".
    const secret = baseUrl && clientId ? await secretStateOf(credentials, { baseUrl, clientId }) : { secretState: 'missing' as const };
    return readSettings(store, { demoSeller: opts.demoSeller, ...secret });
  }

  const jobs = createJobs((progress) => emit({ event: 'job.progress', payload: progress }), now);
  const writeGate = createWriteGate();
  const ctx: AppContext = {
    jobs, writeGate,
    store, credentials, connection, now, log, settings, syncStatus,
    printer: opts.printer ?? PAGE_PRINTS_ITSELF,
    demoSeller: opts.demoSeller,
    ...(opts.uploads ? { uploads: opts.uploads } : {}),
    ...(opts.importWorker ? { importWorker: opts.importWorker } : {}),
    connectionCheckTimeouts: { ...DEFAULT_TIMEOUTS, ...opts.api?.timeouts },
    outboxChanged(sale) {
      // Called after a commit: whatever fails here is logged and never turns the caller's answer into a failure.
      try {
        if (sale) emit({ event: 'sale.updated', payload: sale });
        connection.kick();
        shopLink.kick();
        announceStatusSoon();
      } catch (error) {
        log(`could not announce an outbox change: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    background(work) {
      const tracked = work.finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  };

  // Every call passes the people desk's guard: a cashier's restricted call needs an owner's PIN, whatever the screen sends.
  const people = peopleDesk(ctx);
  ctx.saleStamp = people.saleStamp;
  ctx.actor = people.actor;
  const desk = printingDesk(ctx, (status) => emit({ event: 'printer.status', payload: status }), opts.printing);
  printing = desk;
  const shop = shopHandlers(ctx);
  const setup = setupHandlers(ctx, { version: opts.version, shell: opts.shell });
  const shiftCalls = shiftHandlers(ctx, async () => (await people.handlers['people.session']({})).current);

  const all: BridgeHandlers = people.guard({
      ...shop, ...setup, ...openSaleHandlers(ctx),
      ...counterHandlers(ctx), ...customerDirectoryHandlers(ctx), ...catalogHandlers(ctx), ...people.handlers, ...historyHandlers(ctx),
      ...shiftCalls,
      ...correctionHandlers(ctx),
      ...desk.handlers,
      ...(backups && opts.backup ? backupHandlers(ctx, backups, passphrase, opts.backup) : unavailableBackups),
      ...updateHandlers(updateNotice),
      'jobs.cancel': async ({ jobId }) => ({ cancelling: jobs.cancel(jobId) }),
      // A closed shift is a natural moment for a copy: started after the close's answer, never delaying or failing it.
      'shifts.close': async (input) => {
        const report = await shiftCalls['shifts.close'](input);
        // The Z goes to the shop server now, not at the push loop's next idle look (the owner's day report waits for it).
        shopLink.kick();
        if (backups) void backups.run('shift-close').then(() => emit({ event: 'sync.status', payload: syncStatus() }));
        return report;
      },
      // After the sale's commit: the drawer and the slip are queued (best effort, never a failure of the charge).
      'sales.charge': async (input) => {
        const charged = await shop['sales.charge'](input);
        backups?.noteActivity();
        try {
          desk.afterCharge({ saleId: charged.saleId, cash: input.payment.means_code === '10' });
        } catch (error) {
          log(`sale ${charged.referenceCode} is recorded; printing after it failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        return charged;
      },
      // Pairing and the back office sign with the server's clock as the link learnt it (issue 25), and teach it too.
      ...shopServerHandlers(ctx, shopLink, { ...opts.shop?.client, clock: shopLink.clock }),
      // A paired till's name is the server's to decide (issue 26): a new name is asked of the server first.
      'settings.save': async (changes) => {
        const name = changes.tillName?.trim();
        const current = store.getSetting(KEYS.tillName)?.trim() || DEFAULT_TILL_NAME;
        if (name && name !== current && shopLink.pairing()) await renameAtServer(ctx, shopLink, { ...opts.shop?.client, clock: shopLink.clock }, name);
        return setup['settings.save'](changes);
      },
      ...backOfficeHandlers(ctx, shopLink, { ownerByPin: people.ownerByPin, peopleSetUp: people.setUp, printShopZ: desk.printShopZ, printShopSale: desk.printShopSale }, { ...opts.shop?.client, clock: shopLink.clock }),
    });
  for (const method of MASTER_DATA_EDITS) {
    const handler = (all as unknown as Record<string, (input: unknown) => Promise<unknown>>)[method];
    if (!handler) continue;
    (all as unknown as Record<string, (input: unknown) => Promise<unknown>>)[method] = async (input) => {
      const result = await handler(input);
      // A rename here may resolve a name clash of the feed set aside (issue 27): tried again at once.
      shopLink.editedHere();
      return result;
    };
  }
  // The counter's writes go before an import's next transaction (write-gate.ts).
  for (const method of COUNTER_WRITES) {
    const handler = (all as unknown as Record<string, (input: unknown) => Promise<unknown>>)[method];
    if (!handler) continue;
    (all as unknown as Record<string, (input: unknown) => Promise<unknown>>)[method] = (input) => writeGate.run(() => handler(input));
  }

  return {
    handlers: all,
    async start() {
      if (isDemo()) seedDemoCatalog(store);
      // Sales from before services were told apart belong to the service configured now.
      store.adoptUnassigned(currentService(store));
      await connection.activate();
      // Jobs that waited through a restart, and receipts of sales validated while the app was closed.
      desk.catchUp();
      backups?.start();
      pruning ??= startRecordPruning(store, log);
      await shopLink.restart();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    updates: updateNotice,
    async close() {
      if (statusSoon) clearImmediate(statusSoon);
      pruning?.stop();
      listeners.clear();
      store.setFeedDocumentApplier(null);
      await shopLink.stop();
      await backups?.close();
      await Promise.allSettled([...pending]);
      await connection.close();
      await desk.engine.close();
    },
  };
}
