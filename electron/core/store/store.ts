import { randomBytes } from 'node:crypto';
import { apiRequestsTable, type ApiRequests } from './api-requests';
import { backupRunsTable, type BackupRuns } from './backup-runs';
import { catalogTable, type Catalog } from './catalog';
import { correctionsTable, type Corrections } from './corrections';
import { customersTable, type Customers } from './customers';
import { openDatabase } from './database';
import { migrate, type MigrationProgress } from './migrations';
import { openSalesTable, type OpenSales } from './open-sales';
import { outboxTable, type Outbox } from './outbox';
import { parkedSalesTable, type ParkedSales } from './parked-sales';
import { peopleTable, type People } from './people';
import { pinAttemptsTable, type PinAttempts } from './pin-attempts';
import { printQueueTable, type PrintQueue } from './print-queue';
import { referenceCodes } from './reference-code';
import { reprintsTable, type Reprints } from './reprints';
import { retentionTable, type Retention } from './retention';
import { salesTable, type Sales } from './sales';
import { settingsTable, type Settings } from './settings';
import { shiftsTable, type Shifts } from './shifts';
import { shopMasterDataTable, type ShopMasterData } from './shop-master-data';
import { shopPushQueueTable, type ShopPushQueue } from './shop-push-queue';
import { syncTimingTable, type SyncTimings } from './sync-timing';

export interface StoreOptions {
  /** The installation's data file, or ':memory:'. */
  path: string;
  now?: () => number;
  /** Uniform in [0, 1); defaults to the operating system's random source. */
  random?: () => number;
  /** Hears of each schema migration before it runs (a host shows "Actualizando la base de datos (3/5)…"). */
  onMigrationProgress?: (progress: MigrationProgress) => void;
}

export interface Store extends Settings, Sales, Outbox, Catalog, Customers, OpenSales, ApiRequests, ParkedSales, People, PinAttempts, Shifts, Corrections, SyncTimings, PrintQueue, Reprints, BackupRuns, Retention, ShopMasterData, ShopPushQueue {
  /** The open connection, for SQLite's online backup only. */
  database(): import('better-sqlite3').Database;
  close(): void;
}

function systemRandom(): number {
  return randomBytes(4).readUInt32BE(0) / 2 ** 32;
}

/** Opens (creating or upgrading) the installation's data file and recovers sends a crash interrupted. */
export function openStore(opts: StoreOptions): Store {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? systemRandom;
  const db = openDatabase(opts.path);
  try {
    migrate(db, opts.onMigrationProgress ? { onProgress: opts.onMigrationProgress } : {});
    const settings = settingsTable(db, random);
    const outbox = outboxTable(db, now);
    // One generator for every new reference (a sale, a correction's new invoice): codes stay increasing in this process.
    const nextReferenceCode = referenceCodes(settings.tillId(), now, random);
    const sales = salesTable(db, now, nextReferenceCode);
    // Anything still 'sending' was interrupted by a crash; resending is safe because the service deduplicates by reference.
    outbox.recoverInterrupted();
    return {
      ...settings,
      ...outbox,
      ...sales,
      ...catalogTable(db, now),
      ...customersTable(db, now),
      ...openSalesTable(db, now),
      ...parkedSalesTable(db, now),
      ...apiRequestsTable(db),
      ...peopleTable(db, now),
      ...pinAttemptsTable(db, now),
      ...shiftsTable(db, now),
      ...correctionsTable(db, now, nextReferenceCode, sales),
      ...syncTimingTable(db, now),
      ...printQueueTable(db, now),
      ...reprintsTable(db, now),
      ...backupRunsTable(db, now),
      ...retentionTable(db, now),
      ...shopMasterDataTable(db, now),
      ...shopPushQueueTable(db, now),
      /** The open connection, for SQLite's online backup (it must be the connection that writes, see core/backup). */
      database: () => db,
      close() {
        if (db.open) db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
