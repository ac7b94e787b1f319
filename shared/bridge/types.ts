/**
 * What crosses the bridge between the renderer and the core. Plain data only: no secrets ever appear here
 * (the client secret goes in through `settings.saveConnection` and never comes back out).
 */
import type { InvoiceCustomer, InvoiceItem, InvoicePayment } from '../api/invoice-request';
import type { DocumentTotals } from '../money';
import type { OpenSaleDraft } from '../open-sale';

export type Locale = 'es-CO' | 'en';
export type PaperWidth = 80 | 58;
export type SaleState = 'waiting' | 'sending' | 'queued' | 'validated' | 'needs_attention';
/** `misconfigured`: the saved connection cannot be used (bad address, no secret, keychain problem); Settings fixes it. */
export type Connection = 'online' | 'offline' | 'unauthorized' | 'misconfigured';

export interface ProductDto {
  code: string;
  name: string;
  barcode: string | null;
  /** Exact decimal string. */
  price: string;
  unitMeasure: string;
  taxCode: string | null;
  taxRate: string | null;
  discountRate: string;
}

export interface CustomerDto {
  id: number | null;
  customer: InvoiceCustomer;
}

export interface ChargeInput {
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  payment: InvoicePayment;
}

export interface ChargeResult {
  saleId: number;
  referenceCode: string;
  /** This till's consecutive sale number ("Caja 1 · 000123"). */
  shortNumber: number;
  totals: DocumentTotals;
}

export interface SaleSummaryDto {
  id: number;
  referenceCode: string;
  shortNumber: number;
  createdAt: number;
  customerName: string;
  customerIdentification: string;
  payable: string;
  state: SaleState;
  fullNumber: string | null;
  remoteStatus: string | null;
}

export interface SaleDetailDto extends SaleSummaryDto {
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  payment: InvoicePayment;
  totals: DocumentTotals;
  cufe: string | null;
  qrUrl: string | null;
  lastError: string | null;
  attempts: number;
  validatedAt: number | null;
}

export interface SellerDto {
  name: string;
  nit: string;
  dv: string;
  address: string;
  phone: string;
  email: string;
  municipalityCode: string;
  /** Numbering authorization text printed on every receipt, e.g. "Resolución DIAN 18760000001 de 2024-01-01 ...". */
  resolutionText: string;
}

export interface ReceiptDto {
  /** Fiscal only when validated; otherwise a provisional slip that must say it is not a fiscal document. */
  fiscal: boolean;
  title: string;
  seller: SellerDto;
  fullNumber: string | null;
  referenceCode: string;
  shortNumber: number;
  /** The till's name for the short number ("Caja 1"). */
  tillName: string;
  issuedAt: number;
  validatedAt: number | null;
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  totals: DocumentTotals;
  payment: InvoicePayment;
  cufe: string | null;
  qrUrl: string | null;
  /** PNG data URI: the service's qr_image, or drawn locally from qr_url. Null until validated. */
  qrImage: string | null;
  softwareName: string;
  paperWidth: PaperWidth;
  state: SaleState;
  remoteStatus: string | null;
}

export interface ConnectionDto {
  mode: 'demo' | 'service';
  baseUrl: string;
  clientId: string;
  /** Whether a secret is stored in the keychain; the secret itself never crosses the bridge. */
  hasSecret: boolean;
  /** `unreadable`: the keychain could not be asked (locked, refused, absent), which is not the same as no secret. */
  secretState: 'stored' | 'missing' | 'unreadable';
  /** Why the keychain could not be read, in plain words (null unless unreadable). */
  keychainProblem: string | null;
}

export interface SettingsDto {
  connection: ConnectionDto;
  seller: SellerDto;
  locale: Locale;
  paperWidth: PaperWidth;
  printerName: string | null;
  silentPrint: boolean;
  /** Chosen by the user; null = automatic. */
  preferredRangeId: string | null;
  defaultEmail: string;
  defaultMunicipalityCode: string;
  tillId: string;
  /** What the cashier calls this till ("Caja 1"); printed with the short sale number. */
  tillName: string;
  /** This till's share of the service's request limit, in percent (100 = one till per client id). */
  rateShare: number;
}

export interface RangeDto {
  id: string;
  documentType: string;
  prefix: string | null;
  from: number | null;
  to: number | null;
  resolution: string | null;
  validity: 'current' | 'not-current' | 'unknown';
}

export interface RangesDto {
  ranges: RangeDto[];
  /** The automatic choice, when the evidence is clear. */
  automaticId: string | null;
  preferredId: string | null;
  /** Why no automatic choice could be made, in plain words. */
  message: string | null;
}

export interface SyncStatusDto {
  connection: Connection;
  counts: Record<SaleState, number>;
  /** Sent so far in the current batch and its size, for "sending 12 of 40". */
  progress: { done: number; total: number };
  lastError: string | null;
  /** NETWORK, TIMEOUT, CONNECTION_LOST, RATE_LIMITED, UNAUTHORIZED, NO_SECRET, KEYCHAIN_UNAVAILABLE, RANGE_UNAVAILABLE, … */
  lastErrorCode: string | null;
  lastErrorAt: number | null;
  demo: boolean;
  /** What the sync engine is doing: sending, validating, held by the service's rate limit, checking the connection… */
  activity?: SyncActivity;
  /** With rate_limited: when requests resume; with waiting_for_connection: the next check (ms since epoch). */
  resumesAt?: number | null;
}

export type SyncActivity = 'idle' | 'sending' | 'validating' | 'rate_limited' | 'checking_connection' | 'waiting_for_connection';

export interface AppInfoDto {
  version: string;
  shell: 'electron' | 'browser';
  demo: boolean;
  locale: Locale;
  tillId: string;
  softwareName: string;
}

export interface SaleEventDto {
  entryId: number;
  referenceCode: string;
  state: string;
}

/** The sale in progress as the core keeps it (see shared/open-sale.ts). */
export interface OpenSaleDto {
  draft: OpenSaleDraft;
  updatedAt: number;
}
