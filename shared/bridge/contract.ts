/**
 * The one bridge contract: method name → input schema → result type, plus event names. The Electron preload,
 * the ipcMain registration, the browser-mode HTTP host and the renderer's client are all derived from it.
 */
import { z } from 'zod';
import { customerInputSchema } from '../customer';
import { boundedNumber, boundedText, emailAddress, municipalityCode } from '../field-rules';
import { PAYMENT_MEANS, type PaymentMeansCode } from '../codes';
import { LIMITS } from '../limits';
import { cashierMaxDiscountSchema, chargeSchema } from '../sale-input';
import { sellerSchema } from '../seller';
import { numberingAuthorizationSchema } from '../numbering-authorization';
import { SERVICE_URL_MAX_LENGTH, SERVICE_URL_MESSAGES, serviceUrlProblem } from '../service-url';
import { DEFAULT_OPEN_SALE_SLOT, openSaleDraftSchema, openSaleSlotSchema, parkableDraftSchema } from '../open-sale';
import { productCodeSchema, productInputSchema } from '../product';
import { ownerOverrideSchema, personInputSchema, pinSchema, signInSchema, withOwnerOverride } from '../people';
import { closeShiftSchema, openShiftSchema, shiftRuleSchema, unsentAlertSchema } from '../shift';
import type { ShiftDto, ShiftReportDto, UnsentSalesDto } from './types';
import { correctSaleSchema, saleCorrectionQuerySchema, voidSaleSchema } from '../correction';
import type { CorrectionResultDto, SaleCorrectionDto } from './types';
import { printerSettingsSchema } from '../printer';
import { backupPassphraseSchema, localPathSchema, type BackupStatusDto, type RestoreDoneDto, type RestorePreviewDto } from '../backup';
import { dismissUpdateRefusalSchema, type UpdateRefusalDto } from '../update-refusal';
import { jobIdSchema, type JobProgressDto } from '../progress';
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES, isBridgeMethodName, type BridgeEventNameOnly, type BridgeMethodName } from './names';
import type {
  AppInfoDto, ChargeResult, CustomerDto, ProductDto, RangesDto, ReceiptDto, SaleDetailDto, SaleEventDto,
  SaleSummaryDto, SettingsDto, SyncStatusDto,
} from './types';
import type { OpenSaleDto } from './types';
import type {
  CatalogImportPreviewDto, CatalogImportResultDto, CatalogProductDto, CustomerImportPreviewDto, CustomerImportResultDto, OverridesDto, ParkedSaleDto, PeopleSessionDto, PersonDto, QuickKeyDto,
  RecalledSaleDto, TillDto, UploadReceiptDto,
} from './types';
import type { PrinterDto, PrinterStatusDto, ShopServerDto } from './types';
import { shopAddressChangeSchema, shopPairingSchema } from '../shop/pairing-form';
import { dayReportQuerySchema, salesQuerySchema, sessionRequestSchema, type Dashboard, type DayReport, type SaleDetail, type SalesPage } from '../shop/back-office';
import {
  customerSaveSchema, personSaveSchema, productSaveSchema, recordsQuerySchema, shiftsQuerySchema, type CustomerRecord,
  type CustomersPage, type PersonRecord, type ProductsPage, type RecordSaveOutcome, type ShiftDetail, type ShiftsList,
} from '../shop/back-office-records';
import type { ShopProduct } from '../shop/contract';
import { referenceCodeSchema, SHOP_LIMITS } from '../shop/contract';
import type { BackOfficeOwnerDto, BackOfficeSessionDto } from './types';

/** A till id as reference codes start with it (6 Crockford base32 characters). */
const TILL_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{6}$/;

/** A phantom marker carrying the result type of a method. */
const returns = <T>() => null as unknown as T;

const empty = z.strictObject({});
const text = (max: number) => z.string().max(max);
const paperWidth = z.union([z.literal(80), z.literal(58)]);
const saleState = z.enum(['waiting', 'sending', 'queued', 'validated', 'needs_attention']);
const paymentMeansFilter = z.enum(Object.keys(PAYMENT_MEANS) as [PaymentMeansCode, ...PaymentMeansCode[]], { error: 'must be a payment means code' });

/** What a till is called until someone names it in Settings. */
export const DEFAULT_TILL_NAME = 'Caja 1';
/** What the cashier calls this till ("Caja 1"): printed with the short sale number, so short and one line. */
export const tillNameSchema = z.string().trim().min(1, 'must not be empty').max(LIMITS.tillNameLength)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** The seller's rules live in shared/seller.ts (the Settings form uses them too). */
export { sellerSchema };
/** A CSV file's bytes as base64 (the core decodes UTF-8 or Windows-1252), at most LIMITS.csvFileBytes of them. */
const csvFileSchema = z.string().max(Math.ceil(LIMITS.csvFileBytes / 3) * 4, { error: `the file must be at most ${LIMITS.csvFileBytes} bytes; import it in parts` })
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, { error: 'must be a file encoded as base64' });
/** A file the core received as a file (UploadReceiptDto's token): how a screen hands over a catalog of up to LIMITS.catalogFileBytes. */
const uploadTokenSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: 'must be the token of an uploaded file' });
/** A product CSV: uploaded (what the screen does), or inline as base64 (scripts, small files); one of the two. */
/** `job`: the screen's id for this call's progress (`job.progress` events; `jobs.cancel` stops it). */
const catalogFileInput = withOwnerOverride({ file: csvFileSchema.optional(), upload: uploadTokenSchema.optional(), job: jobIdSchema.optional() })
  .refine((input) => (input.file === undefined) !== (input.upload === undefined), { error: 'give the file either inline or as an upload', path: ['file'] });
/** Record ids and times as the store keeps them: safe integers. */
const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const epochMs = z.number().int().min(0).max(8.64e15);
/** A shift as the shop server names it: its till's number and the till's own shift id. */
const shopShiftRef = z.strictObject({ tillNumber: z.number().int().min(1).max(999), shiftId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The service's address: https, or http to this machine only (shared/service-url.ts), so the secret never travels in clear. */
export const serviceUrlSchema = z.string().max(SERVICE_URL_MAX_LENGTH, SERVICE_URL_MESSAGES['too-long']).superRefine((value, ctx) => {
  const problem = serviceUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: SERVICE_URL_MESSAGES[problem] });
});
/** Letters, digits and . _ ~ - after `fc_`: the id is part of the keychain account and of the sale's service key. */
export const clientIdSchema = z.string().regex(/^fc_[A-Za-z0-9._~-]{1,100}$/, 'must start with fc_');

export const bridgeContract = {
  'app.info': { input: empty, result: returns<AppInfoDto>() },

  'catalog.search': { input: z.strictObject({ text: boundedText(LIMITS.searchTextLength), limit: z.number().int().min(1).max(100) }), result: returns<ProductDto[]>() },
  'catalog.byBarcode': { input: z.strictObject({ barcode: boundedText(LIMITS.barcodeLength).min(1) }), result: returns<ProductDto | null>() },
  /** The owner's catalog: search by code, name or barcode, inactive products too when asked. */
  'catalog.list': {
    input: z.strictObject({
      text: boundedText(LIMITS.searchTextLength), includeInactive: z.boolean().optional(),
      limit: z.number().int().min(1).max(200), offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    }),
    result: returns<{ products: CatalogProductDto[]; total: number }>(),
  },
  'catalog.get': { input: z.strictObject({ code: productCodeSchema }), result: returns<CatalogProductDto | null>() },
  /** create refuses a code that exists, update one that does not; a shelf price is turned into its base here. */
  'catalog.save': {
    input: withOwnerOverride({ product: productInputSchema, mode: z.enum(['create', 'update']) }),
    result: returns<CatalogProductDto>(),
  },
  /** Products are never deleted (sales refer to them): they are deactivated and leave the counter's search. */
  'catalog.setActive': { input: withOwnerOverride({ code: productCodeSchema, active: z.boolean() }), result: returns<CatalogProductDto>() },
  /** A product CSV file (an upload's token, or base64 of its bytes): what importing it would do, writing nothing. */
  'catalog.importPreview': {
    input: catalogFileInput,
    result: returns<CatalogImportPreviewDto>(),
  },
  /**
   * The same file, confirmed: checked whole first (nothing written when any row is wrong), then written in short
   * transactions beside the till's own writes; a cancel keeps what was committed (docs/catalog-import-progress.md).
   */
  'catalog.importCommit': {
    input: catalogFileInput,
    result: returns<CatalogImportResultDto>(),
  },
  'catalog.export': { input: empty, result: returns<{ fileName: string; text: string }>() },
  /**
   * Asks a long job (shared/progress.ts) to stop at its next safe point; its last `job.progress` says how it ended.
   * false: no such job is running, or it cannot be stopped now.
   */
  'jobs.cancel': { input: z.strictObject({ jobId: jobIdSchema }), result: returns<{ cancelling: boolean }>() },
  /** The counter's quick keys (active products the owner marked), in their order, at most LIMITS.maxQuickKeys. */
  'catalog.quickKeys': { input: empty, result: returns<QuickKeyDto[]>() },

  'customers.search': { input: z.strictObject({ text: boundedText(LIMITS.searchTextLength), limit: z.number().int().min(1).max(50) }), result: returns<CustomerDto[]>() },
  'customers.save': { input: withOwnerOverride({ customer: customerInputSchema }), result: returns<CustomerDto>() },
  /** The directory: a page of customers by name (accents and case ignored) or identification; all when text is blank. */
  'customers.list': {
    input: z.strictObject({
      text: boundedText(LIMITS.searchTextLength).optional(),
      limit: z.number().int().min(1).max(LIMITS.customerPageSize),
      offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    }),
    result: returns<{ customers: CustomerDto[]; total: number }>(),
  },
  /** Edits customer `id`; its identification may change unless another customer already has it. */
  'customers.update': { input: withOwnerOverride({ id: recordId, customer: customerInputSchema }), result: returns<CustomerDto>() },
  /** Reads a CSV file (base64 of its bytes) and says what importing it would do; writes nothing. */
  'customers.importPreview': { input: withOwnerOverride({ file: csvFileSchema, job: jobIdSchema.optional() }), result: returns<CustomerImportPreviewDto>() },
  /** Imports the same file: all rows or none (a file with any error is refused with them). */
  'customers.import': { input: withOwnerOverride({ file: csvFileSchema, job: jobIdSchema.optional() }), result: returns<CustomerImportResultDto>() },
  'customers.export': { input: empty, result: returns<{ fileName: string; csv: string }>() },

  'sales.charge': {
    // openSaleSlot: the open sale this charge comes from, cleared in the same transaction that records the sale.
    input: chargeSchema,
    result: returns<ChargeResult>(),
  },
  'sales.search': {
    input: z.strictObject({
      text: boundedText(LIMITS.searchTextLength).optional(),
      state: saleState.optional(),
      from: epochMs.optional(),
      to: epochMs.optional(),
      limit: z.number().int().min(1).max(200),
      offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      tillId: z.string().regex(TILL_ID_PATTERN, 'must be a till id').optional(),
      cashierId: recordId.optional(),
      paymentMeans: paymentMeansFilter.optional(),
    }),
    /** `capped`: there are more than `total` matches (counting stops at LIMITS.historyCountCap). */
    result: returns<{ sales: SaleSummaryDto[]; total: number; capped?: boolean }>(),
  },
  /** The tills whose sales are in this history (id and latest name), for the history's till filter. */
  'sales.tills': { input: empty, result: returns<TillDto[]>() },
  'sales.get': { input: z.strictObject({ id: recordId }), result: returns<SaleDetailDto | null>() },
  /** A sale that needs attention goes back to the queue (a person's decision). */
  'sales.retry': { input: withOwnerOverride({ id: recordId }), result: returns<SaleDetailDto>() },
  /** The sale in progress, kept by the core so a reload, a crash or a restart brings it back. */
  'openSale.get': { input: z.strictObject({ slot: openSaleSlotSchema.default(DEFAULT_OPEN_SALE_SLOT) }), result: returns<OpenSaleDto | null>() },
  'openSale.save': {
    input: z.strictObject({ slot: openSaleSlotSchema.default(DEFAULT_OPEN_SALE_SLOT), draft: openSaleDraftSchema }),
    result: returns<{ savedAt: number }>(),
  },
  /** "Suspender": the slot's sale is set aside under a number and the slot is empty for the next customer. */
  'openSale.park': {
    input: z.strictObject({ slot: openSaleSlotSchema.default(DEFAULT_OPEN_SALE_SLOT), draft: parkableDraftSchema }),
    result: returns<{ parked: ParkedSaleDto; list: ParkedSaleDto[] }>(),
  },
  'openSale.parked': { input: empty, result: returns<ParkedSaleDto[]>() },
  /** "Recuperar": parked sale `number` comes back into the slot; what the slot held (`draft`) is parked in its place. */
  'openSale.recall': {
    input: z.strictObject({ slot: openSaleSlotSchema.default(DEFAULT_OPEN_SALE_SLOT), number: recordId, draft: openSaleDraftSchema }),
    result: returns<RecalledSaleDto>(),
  },

  'receipt.get': { input: z.strictObject({ saleId: recordId, paperWidth: paperWidth.optional() }), result: returns<ReceiptDto>() },
  /** Electron: webContents.print with the configured printer. Browser mode answers `printed: false`; the page prints itself. */
  'receipt.print': { input: z.strictObject({ saleId: recordId }), result: returns<{ printed: boolean }>() },
  /** A PDF of the receipt as base64 (Electron: printToPDF). Browser mode answers UNAVAILABLE: the page prints itself and the browser's print dialog offers "Save as PDF". */
  'receipt.pdf': { input: z.strictObject({ saleId: recordId }), result: returns<{ base64: string; fileName: string }>() },
  /** A reprint: records the next COPIA of the sale (number and time) and answers the receipt marked with it. */
  'receipt.reprint': { input: z.strictObject({ saleId: recordId, paperWidth: paperWidth.optional() }), result: returns<ReceiptDto>() },

  'settings.get': { input: empty, result: returns<SettingsDto>() },
  'settings.save': {
    input: withOwnerOverride({
      seller: sellerSchema.optional(),
      locale: z.enum(['es-CO', 'en']).optional(),
      paperWidth: paperWidth.optional(),
      printerName: z.union([boundedText(LIMITS.printerNameLength), z.null()]).optional(),
      silentPrint: z.boolean().optional(),
      preferredRangeId: z.union([z.string().uuid('must be a numbering range id'), z.null()]).optional(),
      defaultEmail: emailAddress().optional(),
      defaultMunicipalityCode: municipalityCode().optional(),
      tillName: tillNameSchema.optional(),
      // This till's share of the service's request limit, whole percent (shared/limits.ts).
      rateShare: boundedNumber({ min: LIMITS.minRateSharePercent, max: LIMITS.maxRateSharePercent, decimals: 0 }).optional(),
      cashierMaxDiscount: cashierMaxDiscountSchema.optional(),
      numberingAuthorization: numberingAuthorizationSchema.optional(),
      // With people or shifts in use and no shift open: Cobrar asks to open one, or refuses (shared/shift.ts).
      shiftRule: shiftRuleSchema.optional(),
    }),
    result: returns<SettingsDto>(),
  },
  /**
   * Switches to a real service once a token request with these credentials works; the secret goes straight into
   * the keychain and is never returned. Refused credentials change nothing. An unreachable service is refused with
   * UNAVAILABLE unless `saveUnverified` says to save anyway (sales then wait until it answers).
   */
  'settings.saveConnection': {
    input: withOwnerOverride({
      baseUrl: serviceUrlSchema,
      clientId: clientIdSchema,
      clientSecret: z.string().min(1, 'is required').max(500),
      saveUnverified: z.boolean().optional(),
    }),
    result: returns<SettingsDto>(),
  },
  /** Back to the embedded demo service; sales still on their way to the real service keep going there. */
  'settings.useDemo': { input: withOwnerOverride({}), result: returns<SettingsDto>() },
  'ranges.list': { input: empty, result: returns<RangesDto>() },

  /** Who is selling (the core holds it) and who is set up; `setUp: false` = no people yet, the till works as an owner's. */
  'people.session': { input: empty, result: returns<PeopleSessionDto>() },
  'people.signIn': { input: signInSchema, result: returns<PeopleSessionDto>() },
  'people.signOut': { input: empty, result: returns<PeopleSessionDto>() },
  /** Owners only (a cashier with an owner's PIN for this one call). The first person set up must be an owner. */
  'people.save': { input: withOwnerOverride({ person: personInputSchema }), result: returns<PersonDto>() },
  /** The owners' overrides, newest first: who approved what, for whom, when. Owners only. */
  'people.overrides': {
    input: withOwnerOverride({ limit: z.number().int().min(1).max(200), offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
    result: returns<OverridesDto>(),
  },
  /** An owner lets the cashier change the price or tax of one product on the open sale; used by its charge. */
  'people.approveLine': {
    input: z.strictObject({
      slot: openSaleSlotSchema.default(DEFAULT_OPEN_SALE_SLOT), code: boundedText(LIMITS.productCodeLength).min(1), ownerOverride: ownerOverrideSchema,
    }),
    result: returns<{ approved: true }>(),
  },

  /** Why a sale needs attention (the service's words), what the owner may do, its links and its correction record. */
  'corrections.get': { input: saleCorrectionQuerySchema, result: returns<SaleCorrectionDto>() },
  /** Owners only: the corrected customer and/or lines, sent again (same reference, or a new one linked to the first). */
  'corrections.correct': { input: correctSaleSchema, result: returns<CorrectionResultDto>() },
  /** Owners only: a sale the service never stored is voided locally (kept, never sent). */
  'corrections.void': { input: voidSaleSchema, result: returns<SaleCorrectionDto>() },

  'sync.status': { input: empty, result: returns<SyncStatusDto>() },
  'sync.retryNow': { input: empty, result: returns<SyncStatusDto>() },

  /** Shifts (shared/shift.ts): this till's open shift, or null. */
  'shifts.current': { input: empty, result: returns<ShiftDto | null>() },
  'shifts.open': { input: openShiftSchema, result: returns<ShiftDto>() },
  /** The open shift's X report as of now (no id), or shift `shiftId`'s: X while open, its frozen Z once closed. */
  'shifts.report': { input: z.strictObject({ shiftId: recordId.optional() }), result: returns<ShiftReportDto>() },
  /** Closes with the cash counted; with sales unsent it is refused (field confirmUnsent says how many, how old) until confirmed. */
  'shifts.close': { input: closeShiftSchema, result: returns<ShiftReportDto>() },
  'shifts.list': {
    input: z.strictObject({ limit: z.number().int().min(1).max(200), offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
    result: returns<{ shifts: ShiftDto[]; total: number }>(),
  },
  /** The receipts' print path: Electron prints the window showing the report; browser mode answers `printed: false`. */
  'shifts.print': { input: z.strictObject({ shiftId: recordId, paperWidth: paperWidth.optional() }), result: returns<{ printed: boolean }>() },
  'shifts.pdf': { input: z.strictObject({ shiftId: recordId, paperWidth: paperWidth.optional() }), result: returns<{ base64: string; fileName: string }>() },
  /** Owners only: after how many minutes an unsent sale is highlighted. */
  'shifts.unsentAlert': { input: withOwnerOverride({ minutes: unsentAlertSchema }), result: returns<UnsentSalesDto>() },
  /** Sales not yet confirmed by the service: how many, the oldest, how many waited past the alert time. */
  'sales.unsent': { input: empty, result: returns<UnsentSalesDto>() },
  /** The thermal printer (shared/printer.ts) and its queue's state. */
  'printer.get': { input: empty, result: returns<PrinterDto>() },
  /** Owners only, like the rest of Settings. Jobs already waiting go to the printer as set up now. */
  'printer.save': { input: withOwnerOverride({ settings: printerSettingsSchema }), result: returns<PrinterDto>() },
  /** A test page through the print queue (code page, QR, cut), to see the printer answer. */
  'printer.testPage': { input: empty, result: returns<{ jobId: number }>() },
  /** Prints a sale's receipt on the thermal printer: the fiscal one once, then only copies marked COPIA; a provisional slip before validation. */
  'printer.printSale': { input: z.strictObject({ saleId: recordId }), result: returns<{ jobId: number; kind: 'fiscal' | 'provisional' | 'copy' }>() },
  /** Queues a shift's report on the thermal printer: an open shift's X, a closed one's Z once, then Z copies (COPIA). */
  'printer.printShift': { input: z.strictObject({ shiftId: recordId }), result: returns<{ jobId: number; kind: 'x-report' | 'z-report' | 'z-copy' }>() },

  /** Backups (shared/backup.ts): where they go, the last good copy, the last failure, the copies in the folder. */
  'backup.status': { input: empty, result: returns<BackupStatusDto>() },
  /** Owners only. folder null = the default inside the data folder; a folder outside it needs a passphrase (kept in the keychain). */
  'backup.configure': {
    input: withOwnerOverride({ folder: z.union([localPathSchema, z.null()]), passphrase: backupPassphraseSchema.optional() }),
    result: returns<BackupStatusDto>(),
  },
  /**
   * A copy now (or the one already running); a failure is in the status, not an error. `job`: the screen's id for its
   * progress (`job.progress`, kind `backup`; `jobs.cancel` stops it until it saves, and the status then says CANCELLED).
   */
  'backup.run': { input: z.strictObject({ job: jobIdSchema.optional() }), result: returns<BackupStatusDto>() },
  /**
   * Owners only. Restore, step 1: checks a copy and says what it holds; replaces nothing. `job`: its progress (kind
   * `restore`, reading then checking), cancellable throughout (a cancelled read answers CANCELLED).
   */
  'backup.inspect': {
    input: withOwnerOverride({ file: localPathSchema, passphrase: z.string().min(1).max(200).optional(), job: jobIdSchema.optional() }),
    result: returns<RestorePreviewDto>(),
  },
  /** Owners only. Restore, step 2: the inspected copy replaces the data file (the old one is kept) and the till reopens on it. */
  'backup.restore': { input: withOwnerOverride({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), job: jobIdSchema.optional() }), result: returns<RestoreDoneDto>() },

  /** The shop server (issue 20): the pairing, when it last answered, what waits for it, edits it did not apply. */
  'shopServer.status': { input: empty, result: returns<ShopServerDto>() },
  /** Owners only. Pairs with the server at `address` by its one-time code; `seedShop` uploads this till's data to an empty server. */
  'shopServer.pair': { input: withOwnerOverride(shopPairingSchema.shape), result: returns<ShopServerDto>() },
  /** Owners only. Forgets the pairing and the key; sales and edits stay at the till. */
  'shopServer.unpair': { input: withOwnerOverride({}), result: returns<ShopServerDto>() },
  /**
   * Owners only (issue 27). Another address of the paired server (it moved, or a second process): checked live first —
   * its certificate must be the one paired with, or nothing is saved — then tried first (or last, `extra`).
   */
  'shopServer.addAddress': { input: withOwnerOverride(shopAddressChangeSchema.shape), result: returns<ShopServerDto>() },
  /**
   * The owner's back office at the shop server (issue 21), from a paired till: the owner's PIN opens a session at the
   * server (a request signed by this till); the session's token stays in the core's memory, never in the renderer.
   * The reads below answer FORBIDDEN with reason BACK_OFFICE_CLOSED when no session is open (or it ended at the server).
   * On the back-office PC (no till: the shop server's own host, app.info's mode `back-office`) the owner first chooses
   * themself from `shop.owners` and `personKey` says who; at a till the PIN says who, and a `personKey` must agree.
   */
  'shop.owners': { input: empty, result: returns<{ owners: BackOfficeOwnerDto[] }>() },
  'shop.openBackOffice': { input: z.strictObject({ pin: pinSchema, personKey: sessionRequestSchema.shape.personKey.optional() }), result: returns<BackOfficeSessionDto>() },
  'shop.closeBackOffice': { input: empty, result: returns<{ closed: boolean }>() },
  /** History over every till's sales (the till's exact-first rule, at the server). */
  'shop.sales': { input: salesQuerySchema, result: returns<SalesPage>() },
  'shop.sale': { input: z.strictObject({ referenceCode: referenceCodeSchema }), result: returns<SaleDetail>() },
  'shop.dayReport': { input: dayReportQuerySchema, result: returns<DayReport>() },
  'shop.dashboard': { input: empty, result: returns<Dashboard>() },
  /** Long-poll of the server's change signal: answers when a till pushes sales or shifts after `since`, or after `wait` s. */
  'shop.waitForChange': {
    input: z.strictObject({ since: z.string().max(80).optional(), wait: z.number().int().min(0).max(SHOP_LIMITS.maxWaitSeconds) }),
    result: returns<{ version: string; changed: boolean }>(),
  },
  /**
   * Master data edited once for every till, through the session: saved at the server by compare-and-set on
   * `baseVersion` (the version the owner opened; null: new). `stale` answers with the record as it is now.
   */
  'shop.products': { input: recordsQuerySchema, result: returns<ProductsPage>() },
  'shop.saveProduct': { input: productSaveSchema, result: returns<RecordSaveOutcome<ShopProduct>>() },
  'shop.customers': { input: recordsQuerySchema, result: returns<CustomersPage>() },
  'shop.saveCustomer': { input: customerSaveSchema, result: returns<RecordSaveOutcome<CustomerRecord>>() },
  'shop.people': { input: empty, result: returns<{ people: PersonRecord[] }>() },
  /** A new PIN crosses once, to the server, which keeps only its hash. */
  'shop.savePerson': { input: personSaveSchema, result: returns<RecordSaveOutcome<PersonRecord>>() },
  /** Each till's shifts closed on a shop day, and one shift's Z as its till froze it. */
  'shop.shifts': { input: shiftsQuerySchema, result: returns<ShiftsList>() },
  'shop.shift': { input: shopShiftRef, result: returns<ShiftDetail>() },
  /**
   * That shift's Z as the server holds it, fetched again by the core, on this till's receipt printer as a COPIA
   * (queued: true). A till whose receipts go through the print dialog prints the Z the page shows (queued false;
   * printed false: the page prints itself). The back-office PC has no receipt printer: the page prints itself.
   */
  'shop.printShift': { input: shopShiftRef, result: returns<{ queued: boolean; printed?: boolean }>() },
  /**
   * A validated sale of any till, fetched again by the core from the server, on this till's receipt printer as a
   * COPIA (queued: true); refused for a sale not validated. The back-office PC: queued false, the page prints itself.
   */
  // A till queues the COPIA on its printer; the back-office PC has none and answers the paper for the page to print.
  // A till whose receipts go through the print dialog (no receipts' printer set up) answers the paper too (issue 26).
  'shop.reprintSale': { input: z.strictObject({ referenceCode: referenceCodeSchema }), result: returns<{ queued: boolean; receipt?: ReceiptDto }>() },
  /**
   * The COPIA the page shows (shop.reprintSale's paper), through the print dialog as that till prints its own receipts
   * (Electron prints the window to the till's printer, silently when set so); printed false: the page prints itself.
   */
  'shop.printSaleCopy': { input: z.strictObject({}), result: returns<{ printed: boolean }>() },
  /** The day report the page shows, on the receipts' printer or as a PDF on receipt paper (as the Z report prints). */
  'shop.printDayReport': { input: z.strictObject({ date: dayReportQuerySchema.shape.date, paperWidth: paperWidth.optional() }), result: returns<{ printed: boolean }>() },
  'shop.dayReportPdf': { input: z.strictObject({ date: dayReportQuerySchema.shape.date, paperWidth: paperWidth.optional() }), result: returns<{ base64: string; fileName: string }>() },
  /**
   * Owners only. Hides the notice of a refused update (shared/update-refusal.ts; the status snapshot carries it);
   * answers with the notice still shown, if a newer refusal came meanwhile.
   */
  'updates.dismiss': { input: dismissUpdateRefusalSchema, result: returns<UpdateRefusalDto | null>() },
} as const;

export type BridgeContract = typeof bridgeContract;
export type BridgeMethod = keyof BridgeContract;
export type BridgeInput<M extends BridgeMethod> = z.input<BridgeContract[M]['input']>;
export type BridgeResult<M extends BridgeMethod> = BridgeContract[M]['result'];
export const BRIDGE_METHODS: readonly BridgeMethod[] = BRIDGE_METHOD_NAMES;
export const isBridgeMethod: (name: unknown) => name is BridgeMethod = isBridgeMethodName;

// The names-only list (for the preload) and the contract must name exactly the same methods and events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodsAgree: Same<BridgeMethod, BridgeMethodName> = true;
const eventsAgree: Same<keyof BridgeEvents, BridgeEventNameOnly> = true;
void methodsAgree;
void eventsAgree;

/** Events pushed from the core to the renderer. */
export interface BridgeEvents {
  'sync.status': SyncStatusDto;
  'sale.updated': SaleEventDto;
  'printer.status': PrinterStatusDto;
  /** A long job's progress (shared/progress.ts): at most a few a second per job, and always its phase changes and its end. */
  'job.progress': JobProgressDto;
}
export type BridgeEventName = keyof BridgeEvents;
export const BRIDGE_EVENTS: readonly BridgeEventName[] = BRIDGE_EVENT_NAMES;

/** Errors cross the bridge as values, never as throws. */
export interface BridgeError {
  code: 'INVALID_INPUT' | 'UNKNOWN_METHOD' | 'FORBIDDEN' | 'NOT_FOUND' | 'KEYCHAIN_UNAVAILABLE' | 'SERVICE' | 'UNAVAILABLE' | 'INTERNAL';
  /** The core's words, for logs and for English; a screen says the code, the reason and the fields instead. */
  message: string;
  /** Per-field messages for forms: dotted path → message. */
  fields?: Record<string, string>;
  /** Why, as a code the renderer has words for (the invoicing API's error codes, NETWORK, TIMEOUT…). */
  reason?: string;
  /** The invoicing service's own words, shown as "Respuesta del servicio: …" when they help. */
  serviceMessage?: string;
  /** How many seconds to wait before trying again (the shop server's too many pairing attempts). */
  retryAfterSeconds?: number;
}
export type BridgeEnvelope<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** Validates an input against the contract; returns a human message per field on failure. */
export function parseBridgeInput<M extends BridgeMethod>(method: M, input: unknown):
  { ok: true; value: z.output<BridgeContract[M]['input']> } | { ok: false; error: BridgeError } {
  const parsed = bridgeContract[method].input.safeParse(input ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as z.output<BridgeContract[M]['input']> };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    const message = issue.code === 'unrecognized_keys'
      ? `property ${issue.keys.join(', ')} should not exist`
      : issue.message;
    fields[path] ??= message;
  }
  const summary = Object.entries(fields).map(([k, v]) => (k ? `${k}: ${v}` : v)).join('; ');
  return { ok: false, error: { code: 'INVALID_INPUT', message: `Some data is not valid — ${summary}`, fields } };
}

/** The renderer's view of the bridge: one typed function. Both transports implement it. */
export { UPLOAD_PATH } from './names';

/** A chosen file (the page's File, read from disk as it is sent) or its bytes (what crosses Electron's preload). */
export type UploadBody = ArrayBuffer | { readonly size: number; arrayBuffer(): Promise<ArrayBuffer> };

export interface BridgeTransport {
  call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>>;
  /**
   * Hands a chosen file to the core as a file (a catalog CSV): browser mode streams it (POST UPLOAD_PATH), Electron
   * sends its bytes once over IPC. The receipt's token names it in the calls that read it.
   */
  upload(file: UploadBody): Promise<BridgeEnvelope<UploadReceiptDto>>;
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void;
}
