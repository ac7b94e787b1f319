/**
 * What crosses the bridge between the renderer and the core. Plain data only: no secrets ever appear here
 * (the client secret goes in through `settings.saveConnection` and never comes back out).
 */
import type { NumberingAuthorizationDto } from '../numbering-authorization';
import type { JobProgressDto } from '../progress';
import type { SoftwareMakerDto } from '../software-maker';
import type { InvoiceCustomer, InvoiceItem, InvoicePayment } from '../api/invoice-request';
import type { DocumentTotals } from '../money';
import type { OpenSaleDraft } from '../open-sale';
import type { OverrideDetail } from '../override-detail';
import type { CashTender } from '../cash';
import type { PrinterSettings } from '../printer';
import type { UpdateRefusalDto } from '../update-refusal';
import type { ShiftRule } from '../shift';

/** Cash at the counter: received, asked for (rounded to the smallest coin) and change, exact decimal strings. */
export type CashTenderDto = CashTender;

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
  /** Received, asked for and change when paid in cash with the amount entered; null otherwise. */
  cash: CashTenderDto | null;
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
  /** The till it was rung up at and who sold it ('' = before people were set up); summaries carry them. */
  tillId?: string;
  tillName?: string;
  cashierName?: string;
  /** Payment means code (10 efectivo, 48 tarjeta crédito…). */
  paymentMeans?: string;
  /** Closed by a correction: voided, or replaced by `replacedBy`; `state` then stays 'needs_attention' (issue 10). */
  closed: 'voided' | 'replaced' | null;
  replacedBy: { id: number; shortNumber: number; tillName: string } | null;
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
  /** Received, asked for and change when paid in cash with the amount entered. */
  cash?: CashTenderDto | null;
  /** Every attempt to send it, oldest first, with its time, outcome and the service's words. */
  attemptLog?: AttemptDto[];
  /** Every reprint (COPIA), oldest first. */
  reprints?: ReprintDto[];
}

/** One attempt to send a sale to the service. */
export interface AttemptDto {
  startedAt: number;
  finishedAt: number;
  outcome: 'queued' | 'validated' | 'transient' | 'permanent' | 'ambiguous';
  httpStatus: number | null;
  message: string | null;
}

/** One reprint of a receipt: a COPIA with its number for that sale and its time. */
export interface ReprintDto {
  copyNumber: number;
  at: number;
  fiscal: boolean;
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
  /** The till's name for the short number ("Caja 1"): the sale's own, as it was when rung up. */
  tillName: string;
  /** Who sold it ('' = before people were set up: the line is left out). */
  cashierName: string;
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
  /** The numbering authorisation from Settings, printed on fiscal receipts; null when not a fiscal receipt or unset. */
  authorization: NumberingAuthorizationDto | null;
  /** The software and its maker (name, NIT), printed on every receipt. */
  softwareMaker: SoftwareMakerDto;
  paperWidth: PaperWidth;
  state: SaleState;
  remoteStatus: string | null;
  /** Printed under the total when the sale was paid in cash with the amount entered. */
  cash: CashTenderDto | null;
  /** A reprint: marked COPIA with its number and time. Absent or null on the original, which is never marked. */
  copy?: ReprintDto | null;
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
  /** The largest line discount, in percent, a cashier may give without the owner's PIN (default 0). */
  cashierMaxDiscount: number;
  /** The DIAN numbering authorisation typed from the resolution; null until the owner fills it in. */
  numberingAuthorization: NumberingAuthorizationDto | null;
  /** With people or shifts in use and no shift open, Cobrar asks to open one ('ask') or refuses ('refuse'). */
  shiftRule: ShiftRule;
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
  /** Services not in use whose sales are still on their way (or stuck there); absent or empty when none. */
  others?: OtherServiceStatusDto[];
  /** When the last good backup was taken (null: never); absent where this till takes none. */
  lastBackupAt?: number | null;
  /** The shop server, when this till is paired with one (issue 20); absent or null when not. */
  shopServer?: ShopServerLineDto | null;
  /** The newest update refused for its signature, until a good update or an owner dismisses it (null: none). */
  updateRefusal?: UpdateRefusalDto | null;
  /**
   * Where the invoicing service's rate limit comes from (issue 28): the shop server's one budget, or this till's own
   * share while the server is away; absent or null when the till is not paired (its share setting alone).
   */
  invoicingRate?: InvoicingRateDto | null;
  /**
   * Who confirms this till's invoices with the service (issue 28): the shop server for the whole shop, or the till
   * itself and why; absent or null when the till is not paired.
   */
  confirmations?: ConfirmationsDto | null;
  /**
   * Changes whenever the people set up at this till change (here, or from the shop server's feed): a screen that
   * sees it change reads `people.session` again, so people, roles and PINs from the server apply without a reload.
   */
  peopleStamp?: string;
}

/** The shop's one budget for the invoicing service, as this till takes from it (issue 28). */
export type InvoicingRateDto =
  | { from: 'shop'; activeTills: number }
  | { from: 'own'; sharePercent: number; reason?: 'server-away' | 'server-old' };

/** Who learns the fate of this till's documents at the invoicing service (issue 28). */
export type ConfirmationsDto = (
  | { by: 'server' }
  | { by: 'till'; reason: 'unpaired' | 'server-away' | 'server-old' | 'no_credentials' | 'other_account' | 'service_refused' }
) & {
  /** The whole shop's requests to the service in the last minute and the limit, as the server last said. */
  shop?: { requestsLastMinute: number; limit: number };
};

/** What the status bar says of the shop server. */
export interface ShopServerLineDto {
  /** Since when the server has not answered (ms); null while it answers. */
  unreachableSince: number | null;
  /** NETWORK, TIMEOUT, CERT_MISMATCH, REVOKED, NO_KEY, KEYCHAIN_UNAVAILABLE, HTTP_<status>…; null while it answers. */
  problem: string | null;
  /** Sales whose latest state the server does not have yet (not counting those set aside). */
  salesWaiting: number;
  /** Sales set aside because the server cannot take them (they break the contract, are another till's, were refused). */
  salesUnsendable: number;
  /** Issue 27: records of the server's change feed this till set aside (it could not apply them; the rest flowed on). */
  feedAside?: number;
  /** The change feed's cursor this till has applied: when it moves, what the counter shows (quick keys) is read again. */
  feedCursor: number;
  /** This till's name as the server decided it (issue 26): a rename at the server reaches the screens with it. */
  tillName?: string;
  /**
   * Issue 29: a backlog of more than one batch being sent (the first till's year of sales): sales acknowledged of
   * those plus the ones waiting, kind `shop.upload`, never cancellable (it resumes by itself); shown a minute after it ends.
   */
  upload?: JobProgressDto | null;
}

/** An edit made at this till that the shop server did not apply ("Cambios no aplicados"). */
export interface NotAppliedEditDto {
  kind: 'product.save' | 'customer.save' | 'person.save';
  label: string;
  /** When it was made here, and when the server refused it. */
  at: number;
  decidedAt: number;
  outcome: 'conflict' | 'refused';
  reason: string | null;
}

/** A sale this till holds and cannot push to the shop server, with why (issue 25): listed for the owner. */
export interface UnsendableSaleDto {
  referenceCode: string;
  saleNumber: number;
  createdAt: number;
  reason: 'contract' | 'other_till' | 'refused';
  /** The field and message (technical, for whoever fixes it). */
  detail: string;
  /** When it was set aside. */
  at: number;
}

/** Settings → "Servidor de la tienda". */
/** An open back-office session, as the renderer may know it: who opened it and until when (never the token). */
/** An owner held at the shop server, as the back-office PC lists them to choose from before the PIN. */
export interface BackOfficeOwnerDto {
  key: string;
  name: string;
}

export interface BackOfficeSessionDto {
  personName: string;
  shopName: string;
  /** The till it was opened from; null on the back-office PC. */
  tillNumber: number | null;
  expiresAt: number;
}

export interface ShopServerDto {
  paired: boolean;
  serverUrl: string | null;
  /** Every address this till knows of its server, the one that answered last first (issue 27). */
  serverUrls: string[];
  shopName: string | null;
  tillNumber: number | null;
  /** This till's name (the server's, once paired): what its sale numbers, receipts, X and Z carry. */
  tillName: string;
  /** Sales made here under another name (before pairing or a rename): they keep the numbers they were made with. */
  earlierNames: Array<{ name: string; count: number; first: number; last: number }>;
  pairedAt: number | null;
  lastContactAt: number | null;
  unreachableSince: number | null;
  problem: string | null;
  salesWaiting: number;
  editsWaiting: number;
  notApplied: NotAppliedEditDto[];
  /** Sales set aside (the first 50) and how many there are. */
  unsendable: UnsendableSaleDto[];
  salesUnsendable: number;
  /** After pairing as the first till: how many records went up (null when nothing was uploaded). */
  uploaded: number | null;
  /** Issue 27: records of the server's change feed this till could not apply (the first 50), with what to do. */
  feedAside?: FeedAsideDto[];
  feedAsideCount?: number;
}

/** A record of the server's change feed this till set aside (issue 27): why, in Spanish, and what to do. */
export interface FeedAsideDto {
  kind: string;
  label: string;
  reasonCode: 'name_clash' | 'refused' | 'malformed';
  reason: string;
  action: string;
  since: number;
  triedAt: number;
  tries: number;
}

/** A service other than the one in use that still has sales to send or settle: the status bar names it. */
export interface OtherServiceStatusDto {
  demo: boolean;
  /** The service's address (null for the demo). */
  baseUrl: string | null;
  /** Its sales only. */
  counts: Record<SaleState, number>;
  /** Its own engine's view ('misconfigured' when none can run for it). */
  connection: Connection;
  lastErrorCode: string | null;
}

export type SyncActivity = 'idle' | 'sending' | 'validating' | 'rate_limited' | 'checking_connection' | 'waiting_for_connection';

export interface AppInfoDto {
  version: string;
  shell: 'electron' | 'browser';
  /** `till`: the counter and everything around it. `back-office`: the back-office PC (the shop server's own host),
   * which answers only the owner's view of every till (`shop.*`): no counter, no invoicing service. */
  mode: 'till' | 'back-office';
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

/** A parked sale ("Suspender") as the recall list shows it. */
export interface ParkedSaleDto {
  number: number;
  parkedAt: number;
  lineCount: number;
  /** null = consumidor final. */
  customerName: string | null;
  /** The first few product names, so the cashier recognises the sale. */
  products: string[];
}

export interface RecalledSaleDto {
  draft: OpenSaleDraft;
  /** The number the sale that was on the counter got, when there was one to park. */
  parkedCurrent: number | null;
  list: ParkedSaleDto[];
}

/** What importing a customer CSV would do: nothing is written until the same file is imported. */
export interface CustomerImportPreviewDto {
  /** Data rows read (blank rows skipped). */
  rows: number;
  created: number;
  updated: number;
  /** Every problem, by the row and the column a spreadsheet shows (header = row 1); the file imports only without any. */
  problems: Array<{ row: number; column: string | null; message: string }>;
  /** The preview was cancelled (`jobs.cancel`): nothing else in it means anything. */
  cancelled?: boolean;
}

/** A product as the owner's catalog screen shows it (the counter's ProductDto plus what only the owner edits). */
export interface CatalogProductDto extends ProductDto {
  barcodes: string[];
  category: string | null;
  active: boolean;
  /** The shelf price as entered, taxes included; null when the owner entered the base price. */
  shelfPrice: string | null;
  /** Shown as a quick key at the counter. */
  quickKey: boolean;
  /** Its place among the quick keys (1 first); null: after the ordered ones, by name. */
  quickKeyOrder: number | null;
}

/** A quick key at the counter: the product as the search gives it, with the category its chip groups it by. */
export interface QuickKeyDto extends ProductDto {
  category: string | null;
}

/** One problem of one CSV row: `row` is the line number in the file (the header is row 1), `column` its header. */
export interface CsvRowProblemDto {
  row: number;
  column: string;
  message: string;
}

/** A file the core received as a file (a catalog CSV): its token names it in the calls that read it. */
export interface UploadReceiptDto {
  token: string;
  bytes: number;
}

/** What an import would do; nothing is written until the owner confirms (`catalog.importCommit`). */
export interface CatalogImportPreviewDto {
  rows: number;
  creates: number;
  updates: number;
  /** Any error blocks the whole import. The first ones by row (at most 200); errorCount says how many there are. */
  errors: CsvRowProblemDto[];
  errorCount: number;
  /** Shelf prices no base pays exactly, and the like: the import may go ahead. The first ones, as errors. */
  warnings: CsvRowProblemDto[];
  warningCount: number;
  /** The first products as they would be saved. */
  sample: CatalogProductDto[];
  delimiter: ';' | ',';
  decimalMark: ',' | '.';
  /** The preview was cancelled (`jobs.cancel`): nothing else in it means anything. */
  cancelled?: boolean;
}

/**
 * What an import did. `imported`: every row. `cancelled`: stopped by `jobs.cancel`; the `saved` products committed
 * before it stay (none when it was still checking). `stopped`: a row turned wrong while writing (the catalog changed
 * meanwhile); the `saved` products stay, `message` says which row (the core's words).
 */
export interface CatalogImportResultDto {
  created: number;
  updated: number;
  outcome: 'imported' | 'cancelled' | 'stopped';
  saved: number;
  rows: number;
  message?: string;
}

/** What a customer import did: as CatalogImportResultDto (a cancel keeps the `saved` customers committed before it). */
export interface CustomerImportResultDto {
  created: number;
  updated: number;
  outcome: 'imported' | 'cancelled';
  saved: number;
  rows: number;
}

/** A person at the till; the PIN never crosses the bridge. */
export interface PersonDto {
  id: number;
  name: string;
  role: 'owner' | 'cashier';
  active: boolean;
}

export interface PeopleSessionDto {
  /** False until the first person is set up: the till then works as before, as its owner's. */
  setUp: boolean;
  /** Who is selling now; null = nobody (the till asks "who is selling"). */
  current: PersonDto | null;
  people: PersonDto[];
}

/** One owner override: who approved what, for whom, when (and the sale it was used on, for price changes). */
export interface OverrideDto {
  id: number;
  at: number;
  ownerName: string;
  cashierName: string;
  action: string;
  /** What it allowed, as facts the screen says in its language (older rows: `{kind: 'text'}` with their English words). */
  detail: OverrideDetail;
  saleShortNumber: number | null;
  usedAt: number | null;
}

export interface OverridesDto {
  overrides: OverrideDto[];
  total: number;
}

/** A till whose sales are in the history. */
export interface TillDto {
  tillId: string;
  tillName: string;
}

/** A shift: opened with the drawer's cash, closed with the cash counted (issue 10). */
export interface ShiftDto {
  id: number;
  tillName: string;
  openedAt: number;
  openedBy: string;
  openingCash: string;
  closedAt: number | null;
  closedBy: string | null;
}

/** How many sales and how much they add up to. */
export interface SalesTallyDto {
  count: number;
  payable: string;
}

/** The X report (any time, shift open) or the Z report (frozen at the close); every figure from shared/money.ts. */
export interface ShiftReportDto {
  kind: 'X' | 'Z';
  shift: ShiftDto;
  /** When the figures were taken (the close, for a Z report). */
  takenAt: number;
  sales: SalesTallyDto;
  gross: string;
  discount: string;
  taxTotal: string;
  taxes: Array<{ code: string; rate: string; taxableAmount: string; amount: string }>;
  byMeans: Array<{ meansCode: string } & SalesTallyDto>;
  validated: SalesTallyDto;
  /** Waiting, sending or queued at the service. */
  pending: SalesTallyDto;
  needsAttention: SalesTallyDto;
  byCashier: Array<{ cashierName: string } & SalesTallyDto>;
  cash: {
    opening: string;
    /** What the till asked for in cash (each total rounded to the smallest coin). */
    cashSales: string;
    expected: string;
    counted: string | null;
    /** counted − expected: negative when cash is missing. */
    difference: string | null;
    count: { bills: Record<string, number>; coins: Record<string, number> } | null;
  };
  /** Every unsent sale of the till at that moment (not only this shift's). */
  unsent: { count: number; oldestAt: number | null };
  /**
   * A closed shift's sales corrected or voided after its close, read when the report is shown: the figures above
   * stay as frozen at the close. Absent on an X report, on the Z as returned by the close, and when there is none.
   */
  afterClose?: ShiftCorrectionDto[];
}

/** One correction after the close: the sale's amount before, and after (null when it was voided). */
export interface ShiftCorrectionDto {
  at: number;
  kind: 'same_reference' | 'new_reference' | 'void';
  referenceCode: string;
  /** The new sale's reference when the correction is a new invoice. */
  newReferenceCode: string | null;
  /** The sales' numbers at the till (what the screen shows): the corrected one, and the new one. */
  shortNumber: number;
  newShortNumber: number | null;
  payableBefore: string;
  payableAfter: string | null;
  personName: string;
  approvedByName: string | null;
  reason: string;
}

/** Sales not yet confirmed by the service, and how many have waited longer than the owner's alert time. */
export interface UnsentSalesDto {
  count: number;
  oldestAt: number | null;
  alertAfterMinutes: number;
  late: number;
  /** The core's clock when counted, so "how old" does not depend on the screen's clock. */
  at: number;
}

/** Where a sale stands for a correction (electron/core/store/corrections.ts explains each). */
export type SaleStandingDto =
  | 'refused_at_creation' | 'rejected_after_validation' | 'maybe_stored' | 'held_by_service' | 'never_sent' | 'on_its_way'
  | 'validated' | 'voided' | 'replaced';

/** A sale a correction links to (the one it corrects, or the one that corrects it). */
export interface LinkedSaleDto {
  id: number;
  shortNumber: number;
  referenceCode: string;
  state: SaleState;
}

/** One recorded correction or void: who, when, what, why, before and after. */
export interface CorrectionRecordDto {
  id: number;
  at: number;
  kind: 'same_reference' | 'new_reference' | 'void';
  /** '' = before people were set up (the till's owner). */
  personName: string;
  /** The owner whose PIN allowed it, when the person at the till was a cashier. */
  approvedByName: string | null;
  what: string;
  reason: string;
  before: { customer: InvoiceCustomer; items: InvoiceItem[]; referenceCode: string };
  after: { customer: InvoiceCustomer; items: InvoiceItem[]; referenceCode: string } | null;
}

/** Why a sale needs attention and what the owner may do about it. */
export interface SaleCorrectionDto {
  saleId: number;
  standing: SaleStandingDto;
  /** 'same_reference': the service never stored it; 'new_reference': it did (rejected); null: no correction now. */
  canCorrect: 'same_reference' | 'new_reference' | null;
  canVoid: boolean;
  /** The service may hold it (a send got no clear answer): a void first asks the service by the reference code. */
  voidAsksService: boolean;
  /** The service's own words (its refusal, or the tax authority's rejection rules). */
  serviceWords: string[];
  /** Request fields those words name ("customer.identification", "items.0.quantity"), for the screen to point at. */
  fields: string[];
  corrects: LinkedSaleDto | null;
  correctedBy: LinkedSaleDto | null;
  log: CorrectionRecordDto[];
}

export interface CorrectionResultDto {
  kind: 'same_reference' | 'new_reference';
  /** The sale to follow now: the same one, or the new one that replaces it. */
  saleId: number;
  referenceCode: string;
  shortNumber: number;
}

/** The receipt printer's state for the status bar ("impresora sin respuesta — 2 recibos en espera"). */
export interface PrinterStatusDto {
  /** False: no thermal printer set up (receipts print through the print dialog). */
  configured: boolean;
  state: 'idle' | 'printing' | 'not_responding' | 'paper_out' | 'offline' | 'not_configured';
  /** Receipts (fiscal, provisional, copies) waiting for the printer. */
  waitingReceipts: number;
  /** Every waiting job, drawer pulses and test pages included. */
  waitingJobs: number;
  lastError: string | null;
  /** REFUSED, NO_ANSWER, CLOSED, PAPER_OUT, OFFLINE, SPOOLER. */
  lastErrorCode: string | null;
  lastErrorAt: number | null;
}

export interface PrinterDto {
  settings: PrinterSettings;
  status: PrinterStatusDto;
}
