/** What every group of bridge handlers shares: the store, the live connection and the app's own facts. */
import type { InvoiceItem } from '../../../shared/api/invoice-request';
import type { PaperWidth, ReceiptDto, SellerDto, SettingsDto, SyncStatusDto } from '../../../shared/bridge/types';
import type { HttpTimeouts } from '../../../common/invoicing/http';
import type { CredentialStore } from '../secrets/credential-store';
import type { Actor, Store } from '../store';
import type { ServiceConnection } from './service-connection';
import type { UploadStore } from '../uploads/upload-store';
import type { Jobs } from './jobs';
import type { ImportWorkerEntry } from './catalog-import-runner';
import type { WriteGate } from './write-gate';

/** Printing is the shell's job (Electron prints its window); browser mode lets the page print itself. */
export interface ReceiptPrinter {
  print(job: PrintJob | PaperJob): Promise<{ printed: boolean }>;
  pdf(job: PrintJob | PaperJob): Promise<{ base64: string; fileName: string }>;
}

/** Any other paper the window shows (a shift's X or Z report): the receipts' printer, on its own paper width. */
export interface PaperJob {
  paper: 'shift-report' | 'day-report' | 'sale-copy';
  paperWidth: PaperWidth;
  printerName: string | null;
  silent: boolean;
  fileName: string;
}

export interface PrintJob {
  saleId: number;
  receipt: ReceiptDto;
  printerName: string | null;
  silent: boolean;
  fileName: string;
}

export interface AppContext {
  store: Store;
  credentials: CredentialStore;
  connection: ServiceConnection;
  printer: ReceiptPrinter;
  demoSeller: SellerDto;
  /** For the one token request that checks a new connection before it is saved. */
  connectionCheckTimeouts: HttpTimeouts;
  now: () => number;
  settings(): Promise<SettingsDto>;
  syncStatus(): SyncStatusDto;
  /** The outbox changed outside the engine (a charge, a retry): tell the engines and the screens. Never throws. */
  outboxChanged(sale?: { entryId: number; referenceCode: string; state: string }): void;
  /** What a charge writes with its sale inside the sale's transaction (till, cashier, overrides used); set by the people desk. */
  saleStamp?: (sale: { items: readonly InvoiceItem[]; openSaleSlot?: string | undefined }) => (saleId: number) => void;
  /** Who is acting in this call: the person at the till and the owner whose PIN allowed it; set by the people desk. */
  actor?: () => Actor;
  /** Work that outlives a call (a range look-up after switching); awaited on close. */
  background(work: Promise<unknown>): void;
  /** Files the screens handed over as files (a catalog CSV); absent where no shell receives any (some tests). */
  uploads?: UploadStore;
  /** Long work's progress and cancel (jobs.ts): absent in some tests, where jobs run unreported. */
  jobs?: Jobs;
  /** Where the catalog import's worker is (the shells say; without it, its source under tsx: catalog-import-runner.ts). */
  importWorker?: ImportWorkerEntry;
  /** The counter's writes under way, which an import's worker lets go first (write-gate.ts). */
  writeGate?: WriteGate;
  log(line: string): void;
}
