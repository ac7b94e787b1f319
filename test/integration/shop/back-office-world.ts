/**
 * The world the back-office integration tests share: the REAL shop server on PGlite (test/integration/server), composed
 * tills (real SQLite, real keychain, demo service) paired with it, and fake network receipt printers. Call
 * `backOfficeWorld()` once at a test file's top: it registers the hooks that close what each test started.
 */
import { afterAll, afterEach } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer';
import { startFakePrinter, type FakePrinter } from '../../support/escpos-fake-printer';
import { startAppRig, type AppRig } from '../app/app-rig';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';

/** The till's shop-server client, quick for tests: one attempt, short long-polls and back-offs. */
export const SHOP = { client: { retry: { attempts: 1 } }, pollWaitSeconds: 1, idleMs: 100, backoff: { baseMs: 50, maxMs: 200 } };
export const OWNER_PIN = '4826';

export interface BackOfficeWorld {
  /** The shop server, started on a fresh PGlite database. */
  server(): Promise<Harness>;
  /**
   * A composed till paired with the server. `owner` (default Marta, OWNER_PIN) is saved first, so the first till
   * uploads its people with `seedShop`; `seedShop: false` for a till that joins a shop already seeded.
   */
  pairedTill(harness: Harness, opts?: { owner?: string | null; cashiers?: Array<{ name: string; pin: string }>; seedShop?: boolean }): Promise<AppRig>;
  /** A fake network receipt printer set up on this till. */
  printerFor(till: AppRig): Promise<FakePrinter>;
}

export function backOfficeWorld(): BackOfficeWorld {
  const stores = pgliteStores();
  afterAll(() => stores.closeAll(), 60_000);
  let harness: Harness | null = null;
  const rigs: AppRig[] = [];
  const printers: FakePrinter[] = [];
  afterEach(async () => {
    for (const rig of rigs.splice(0)) await rig.close();
    await harness?.close();
    harness = null;
    for (const printer of printers.splice(0)) await printer.close();
  });
  return {
    async server() {
      harness = await startHarness(stores.open);
      return harness;
    },
    async pairedTill(server, opts = {}) {
      const rig = await startAppRig(undefined, { shop: SHOP });
      rigs.push(rig);
      const owner = opts.owner === undefined ? 'Marta' : opts.owner;
      if (owner !== null) await rig.value('people.save', { person: { name: owner, role: 'owner', pin: OWNER_PIN } });
      for (const cashier of opts.cashiers ?? []) await rig.value('people.save', { person: { ...cashier, role: 'cashier' } });
      const { body } = await server.admin('POST', '/admin/pairing');
      await rig.value('shopServer.pair', { address: server.server.url, code: String(body.code), seedShop: opts.seedShop ?? true });
      return rig;
    },
    async printerFor(till) {
      const printer = await startFakePrinter();
      printers.push(printer);
      await till.value('printer.save', { settings: { ...DEFAULT_PRINTER_SETTINGS, connection: { kind: 'network', host: '127.0.0.1', port: printer.port } } });
      return printer;
    },
  };
}

/** Polls every 50 ms until the condition holds; fails after `timeoutMs` (20 s) with what it waited for. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
