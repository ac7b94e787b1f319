/** How the suites get a store: a fresh database of a throwaway PostgreSQL cluster per test, or one embedded PGlite folder emptied between tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../server/db/adapter';
import { openStore } from '../../../server/open-store';
import { ensureShop } from '../../../server/store/shop';
import type { PgCluster } from '../../support/pg-cluster';
import type { OpenDb } from './harness';

export function postgresStores(cluster: () => PgCluster): OpenDb {
  let n = 0;
  return async () => {
    const url = await cluster().createDatabase(`shop_${process.pid}_${++n}`);
    const db = await openStore({ databaseUrl: url });
    return { db, cleanup: () => db.close() };
  };
}

/** PGlite takes seconds to start on a busy machine: one folder for the file, emptied (not reopened) between tests. */
export function pgliteStores(): { open: OpenDb; closeAll(): Promise<void> } {
  let dir = '';
  let shared: Promise<Database> | null = null;
  return {
    async open() {
      if (!shared) {
        dir = mkdtempSync(join(tmpdir(), 'mostrador-pglite-'));
        shared = openStore({ pgliteDir: dir });
      }
      const db = await shared;
      const handle: Database = { ...db, close: async () => {} };
      return {
        db: handle,
        async cleanup() {
          await db.exec(`TRUNCATE shop, tills, pairing_codes, nonces, products, customers, people, settings, commands, sales, shifts, sale_lines, sale_taxes, back_office_pin_attempts, till_audit_days, till_unsendable, back_office_sessions, pairing_attempts, server_secrets, till_feed_aside, rate_leases, rate_budgets, service_account, service_watch, service_watchers, service_heard, confirm_leader, confirm_timing, service_webhook_config, service_webhook_events, service_webhook_counters;
                         ALTER SEQUENCE change_seq RESTART`);
          await db.exec('INSERT INTO service_webhook_counters (singleton) VALUES (TRUE) ON CONFLICT DO NOTHING');
          await ensureShop(db, Date.now());
        },
      };
    },
    async closeAll() {
      if (shared) await (await shared).close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
