export { openStore, type Store, type StoreOptions } from './store';
export { StoreError } from './errors';
export { migrate, migrations, schemaVersion, LATEST_SCHEMA_VERSION, type Migration, type MigrationProgress } from './migrations';
export {
  OUTBOX_STATES,
  type OutboxState,
  type OutboxEntry,
  type Attempt,
  type AttemptInput,
  type AttemptOutcome,
} from './outbox';
export type { SaleInput, RecordedSale, Sale, SaleSummary, SaleSearch, SaleSearchResult } from './sales';
export type { Product } from './catalog';
export type { SavedCustomer } from './customers';
export type { OpenSales, StoredOpenSale } from './open-sales';
export type { ParkedSale, ParkedSales } from './parked-sales';
export { REFERENCE_CODE_PATTERN, referenceCodeTime } from './reference-code';
export { openDatabase } from './database';
export type { ApiRequests } from './api-requests';
export type { People, Person, OverrideRecord, SaleStamp } from './people';
export type { Shifts, ShiftRecord, ShiftSale, UnsentSales } from './shifts';
export { CorrectionRefused, standingOf, type Actor, type CorrectionDone, type CorrectionRecord, type Corrections, type SaleStanding } from './corrections';
export { PRINT_JOB_KINDS, type PrintQueue, type PrintJobKind, type PrintJobRecord, type PrintJobState } from './print-queue';
export type { Reprint, Reprints } from './reprints';
export type { BackupRuns, BackupReason, GoodBackup, FailedBackup, TableCounts } from './backup-runs';
export { RETENTION, type Retention } from './retention';
