/**
 * The shop server's contract (issue 20): what a till and the shop server say to each other over HTTP(S), in one
 * place both sides validate with. Every body the server accepts meets these schemas or is refused with the field
 * (HTTP 400, `{ error: { code: 'invalid_request', problems: [{ field, message }] } }`), and every body a till
 * accepts from the server meets them too (a server is trusted no more than the invoicing service is).
 *
 * Routes (all JSON; all but pairing signed, see `signingString`):
 *   POST /v1/pair                      pairRequestSchema → pairResponseSchema (code checked by proof, never sent)
 *   GET  /v1/changes?since=N&wait=S    changesResponseSchema (long-poll up to S ≤ 30 seconds when nothing is new)
 *   POST /v1/commands                  commandBatchSchema → commandResultsSchema (offline edits, the rule below)
 *   POST /v1/sales                     salesBatchSchema → salesAckSchema (idempotent by reference_code + revision)
 *   POST /v1/shifts                    shiftsBatchSchema → shiftsAckSchema (closed shifts and their Z reports)
 *   POST /v1/shop/upload               shopUploadSchema → shopUploadResultSchema (first till seeds the shop, once)
 *   POST /v1/settings                  shopSettingsPushSchema → shopSettingsPushResultSchema (the shop-wide settings a
 *                                      till changed: seller, numbering authorisation, cashier rules; the last one sent wins)
 *   POST /v1/sales/audit               salesAuditSchema → salesAuditResultSchema (per-day digests: what the server lacks)
 *   POST /v1/sales/held                heldSalesQuerySchema → heldSalesSchema (one day's references and revisions held)
 *   POST /v1/rate/lease                rateLeaseRequestSchema → rateLeaseSchema (permits to start requests to the invoicing
 *                                      service, from the shop's one budget per client id; issue 28, shared/shop/rate-lease-rule.ts)
 *   GET  /v1/health                    { ok: true, shopId } (unsigned; says nothing else)
 *
 * Every request and every answer also says the contract version its sender speaks, `X-Mostrador-Contract: N` (none:
 * version 1); a till and a server one version apart read each other tolerantly, further apart they say which side to
 * update (shared/shop/contract-version.ts, issue 27).
 *
 * Every answer (refusals, pairing and health included) carries the server's clock as `X-Mostrador-Time: <epoch ms>`
 * (SERVER_TIME_HEADER), taken as the answer is written. A till learns from it how far its own clock is from the
 * server's and signs with the server's time, so a shop PC that keeps bad time still reaches the server while the
 * replay window stays `signatureSkewMs` (see docs/shop-server-clock.md). The till tells the server what it learnt on
 * the signed change feed (`clock=`), and sends with each sale the offset it knew when the sale was made.
 *
 * The rule for edits made at a till while the server was away ("compare-and-set on the record's version"):
 *   a command carries `baseVersion`, the server version of the record the till edited (null: a new record).
 *   If it equals the record's current version at the server, the edit applies and gets a new version and seq;
 *   otherwise it is refused as `conflict`: the server's version stands, reaches the till through the change feed,
 *   and the till keeps the refused edit in a list the owner sees ("Cambios no aplicados"), never silently lost.
 *   So of two tills that change one price offline, the first to reach the server wins; a product deactivated at the
 *   server stays inactive whatever a till edits from an older copy; a PIN changed at the server is not undone by a
 *   till that was offline. Sales are facts, never commands: a sale of a product deactivated meanwhile is accepted.
 */
import { z } from 'zod';
import { invoiceRequestSchema } from '../api/invoice-request';
import { customerInputSchema } from '../customer';
import { boundedText, requiredText } from '../field-rules';
import { LIMITS } from '../limits';
import { PERSON_ROLES } from '../people';
import { productInputSchema } from '../product';
import { RATE_LEASE } from './rate-lease-rule';
import { isShopDate } from './shop-day';

export const SHOP_LIMITS = {
  /** Changes in one answer of the feed. */
  changesPerPage: 1_000,
  /** Longest long-poll wait the server honours, in seconds. */
  maxWaitSeconds: 30,
  commandsPerBatch: 200,
  salesPerBatch: 500,
  shiftsPerBatch: 50,
  /** Bytes of one request body; above it the server answers 413 before parsing. */
  maxBodyBytes: 8_000_000,
  /** How far a request's timestamp may be from the server's clock (ms) and how long a nonce is remembered. */
  signatureSkewMs: 5 * 60_000,
  /** A pairing code lives this long (ms) and works once. */
  pairingCodeTtlMs: 10 * 60_000,
  /** Wrong pairing attempts allowed per minute (all sources together) before the server answers 429. */
  pairingAttemptsPerMinute: 10,
  shopNameLength: 80,
  uploadProductsPerBatch: 5_000,
} as const;

/** The header every answer of the server carries: its clock (ms since the epoch) as the answer is written. */
export const SERVER_TIME_HEADER = 'X-Mostrador-Time';

export const CLOCK_LIMITS = {
  /**
   * A till's clock this far from the server's (either way) is shown in Tienda ("Caja 2: reloj adelantado 10 min"),
   * and its sales are flagged as placed by the corrected time.
   */
  shownOffsetMs: 60_000,
  /** The largest offset a till may report (a PC whose battery died may think it is 2000 or 2099): 100 years. */
  maxOffsetMs: 100 * 366 * 24 * 3600_000,
} as const;

/** server clock − till clock (ms), as a till reports it: positive when the till is behind. */
export const clockOffsetSchema = z.number().int().min(-CLOCK_LIMITS.maxOffsetMs).max(CLOCK_LIMITS.maxOffsetMs);

/** Any text the server answers (names, codes, messages): never longer than the longest name the till keeps. */
export const answerText = z.string().max(LIMITS.productNameLength);
/** Rows of one answer of the back office (a page, a report's breakdown, a chart's series). */
export const ANSWER_ROWS = 10_000;

/** Non-negative whole numbers the server hands out (sequences, versions, counters). */
const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const msTime = z.number().int().min(0).max(8_640_000_000_000_000);
const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]+$/, { error: 'must be base64url' });
/** Exact decimal amounts as the store keeps them ("12500.50"). */
export const amountText = z.string().max(24).regex(/^-?\d{1,15}(\.\d{1,4})?$/, { error: 'must be a decimal amount' });
export const tillIdSchema = z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a till id' });
export const shopIdSchema = z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a shop id' });
/** The till's own identifier for an offline command, so a resent batch is decided once. */
export const commandIdSchema = z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a command id' });
export const referenceCodeSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9._:-]+$/, { error: 'must be a reference code' });

// ---- Pairing -------------------------------------------------------------------------------------------------

/**
 * Pairing proves knowledge of the one-time code without sending it: `proof` = HMAC-SHA256(key = the code as shown,
 * upper case without dashes, message = `${certFingerprint}\n${publicKey}`), base64url, where certFingerprint is the
 * SHA-256 of the server certificate the till saw (lower-case hex; "loopback" when it paired over plain HTTP on
 * 127.0.0.1). A man in the middle who shows his own certificate cannot produce a proof the server accepts.
 * The till's credential is an Ed25519 key pair it made itself; the private key stays in its OS keychain, the
 * server keeps only the public key (no secret in the server's tables).
 */
export const pairRequestSchema = z.strictObject({
  /**
   * The name the owner chose for this till when pairing; absent: the server names it «Caja N» (N its number). The
   * server decides: a name another till of the shop has (folded: case, accents and spaces aside) is refused with
   * TILL_NAME_TAKEN, and the name it answers is the one the till's sale numbers, receipts, X and Z carry.
   */
  tillName: requiredText(LIMITS.tillNameLength).optional(),
  /** Ed25519 public key, SPKI DER, base64url (44 bytes → 59 characters). */
  publicKey: base64url(80),
  proof: base64url(64),
});
export type PairRequest = z.infer<typeof pairRequestSchema>;

export const pairResponseSchema = z.strictObject({
  tillId: tillIdSchema,
  /** The till's number in the shop, 1, 2, 3…: "Caja 2 · 000123". Never reused, so two tills never share a number. */
  tillNumber: z.number().int().min(1).max(999),
  /** The till's name in the shop, unique among its tills (absent from servers before issue 26: keep the own name). */
  tillName: requiredText(LIMITS.tillNameLength).optional(),
  shopId: shopIdSchema,
  shopName: boundedText(SHOP_LIMITS.shopNameLength),
  /** SHA-256 of the server's certificate (lower-case hex), or "loopback"; the till pins it. */
  certFingerprint: z.union([z.literal('loopback'), z.string().regex(/^[0-9a-f]{64}$/)]),
  /** Where the feed starts for a new till: everything from seq 0. */
  cursor: counter,
});
export type PairResponse = z.infer<typeof pairResponseSchema>;

/** The pairing code as the server shows it: 10 characters of Crockford base32 in two groups ("K7QF2-M2XDA"). */
export const PAIRING_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/;
export function normalizePairingCode(code: string): string {
  return code.trim().toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

// ---- Request signing ------------------------------------------------------------------------------------------

/**
 * Every request but pairing carries `Authorization: Mostrador till=<tillId>, ts=<ms>, nonce=<base64url 16 bytes>,
 * sig=<base64url Ed25519 signature of signingString(...)>`. The server refuses (401, with a reason code) an unknown
 * or revoked till, a bad signature, a timestamp more than `signatureSkewMs` away, and a nonce already seen
 * (a replayed request).
 */
export function signingString(method: string, pathWithQuery: string, ts: number, nonce: string, bodySha256Hex: string): string {
  return `MOSTRADOR-1\n${method.toUpperCase()}\n${pathWithQuery}\n${ts}\n${nonce}\n${bodySha256Hex}`;
}
export const AUTH_SCHEME = 'Mostrador';
export const AUTH_REFUSALS = ['missing', 'malformed', 'unknown_till', 'revoked', 'bad_signature', 'stale', 'replayed'] as const;
export type AuthRefusal = (typeof AUTH_REFUSALS)[number];

// ---- Master data: the change feed ------------------------------------------------------------------------------

/** A product as the server holds it: the product form's rule, the price always as the base, plus its version. */
export const shopProductSchema = productInputSchema.omit({ priceEntry: true, acceptDifference: true }).extend({
  version: counter,
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const shopCustomerSchema = z.strictObject({ customer: customerInputSchema, version: counter });

/** A person as tills need one to sign in offline: the PIN's salted hash only, never the PIN. */
export const shopPersonSchema = z.strictObject({
  /** The server's key for the person (tills keep their own row ids). */
  key: z.string().regex(/^[0-9a-f]{32}$/),
  name: requiredText(LIMITS.personNameLength),
  role: z.enum(PERSON_ROLES),
  pinHash: z.string().max(200).regex(/^scrypt\$/),
  active: z.boolean(),
  version: counter,
});
export type ShopPerson = z.infer<typeof shopPersonSchema>;

export const shopTillSchema = z.strictObject({
  tillId: tillIdSchema,
  number: z.number().int().min(1).max(999),
  name: requiredText(LIMITS.tillNameLength),
  revoked: z.boolean(),
  version: counter,
});

/** Shop-wide settings a till applies (seller, DIAN numbering authorisation, cashier rules): key → JSON value. */
export const shopSettingSchema = z.strictObject({ key: z.string().min(1).max(80), value: z.json(), version: counter });

// ---- The shop's confirmations (issue 28; the rest in confirmations.ts) ----------------------------------------

export const CONFIRM_LIMITS = {
  /** Documents named in one watch request (new ones and settled ones, each). */
  documentsPerWatch: 500,
  documentIdLength: 100,
  /** Characters of a document outcome's QR image (a data URI). */
  qrImageLength: 60_000,
  /** Characters of the document as the service sent it, kept whole in the outcome. */
  documentJsonLength: 120_000,
} as const;

/** The service's id of a document: printable ASCII, no spaces. */
export const serviceDocumentIdSchema = z.string().min(1).max(CONFIRM_LIMITS.documentIdLength)
  .regex(/^[\x21-\x7e]+$/, { error: 'must be the service\'s document id' });

/**
 * A document's outcome as the feed carries it to the till that sent it (change kind `document`, key: its reference
 * code). Only ever from a GET of the document by the server (never from a webhook's word alone). `document` is the
 * service's object as it was read, so the till applies it with its own tolerant reader (shared/api/document.ts).
 */
export const documentOutcomeSchema = z.strictObject({
  referenceCode: referenceCodeSchema,
  documentId: serviceDocumentIdSchema,
  /** The service's status word, as sent (VALIDATED, REJECTED, …). */
  status: z.string().min(1).max(40),
  document: z.record(z.string(), z.json()).refine((doc) => JSON.stringify(doc).length <= CONFIRM_LIMITS.documentJsonLength, {
    error: `must be at most ${CONFIRM_LIMITS.documentJsonLength} characters of JSON`,
  }),
  /** When the server read it (server time). */
  seenAt: msTime,
  version: counter,
});
export type DocumentOutcome = z.infer<typeof documentOutcomeSchema>;
/**
 * The status of an outcome whose document the service does not know on the server's account (a 404 to the server's
 * GET; `document` is then empty): the till looks at that document itself again (its own GET says what it is).
 */
export const DOCUMENT_NOT_FOUND = 'NOT_FOUND';

export const CHANGE_KINDS = ['product', 'customer', 'person', 'till', 'setting', 'document'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const changeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ seq: counter, kind: z.literal('product'), key: z.string().max(LIMITS.productCodeLength), data: shopProductSchema }),
  z.strictObject({ seq: counter, kind: z.literal('customer'), key: z.string().max(60), data: shopCustomerSchema }),
  z.strictObject({ seq: counter, kind: z.literal('person'), key: z.string().max(32), data: shopPersonSchema }),
  z.strictObject({ seq: counter, kind: z.literal('till'), key: tillIdSchema, data: shopTillSchema }),
  z.strictObject({ seq: counter, kind: z.literal('setting'), key: z.string().max(80), data: shopSettingSchema }),
  /** Issue 28: a document's outcome, to the till that sent it only (the feed of a till that never watched has none). */
  z.strictObject({ seq: counter, kind: z.literal('document'), key: referenceCodeSchema, data: documentOutcomeSchema }),
]);
export type Change = z.infer<typeof changeSchema>;

export const changesQuerySchema = z.strictObject({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  wait: z.coerce.number().int().min(0).max(SHOP_LIMITS.maxWaitSeconds).optional(),
  /** The till's clock offset as it learnt it from the server's answers (server − till, ms); absent: not known yet. */
  clock: z.coerce.number().pipe(clockOffsetSchema).optional(),
});

/** Changes after `since`, in seq order, at most `changesPerPage`; `more` says another page is ready now. */
export const changesResponseSchema = z.strictObject({
  changes: z.array(changeSchema).max(SHOP_LIMITS.changesPerPage),
  /** The cursor to ask from next (the last change's seq, or `since` when there was none). */
  cursor: counter,
  more: z.boolean(),
  /**
   * The shop's generation: new whenever the server is restored from a copy. A till that last saw another one reads
   * the feed again from 0 (its cursor counts seqs the restored server never had). Absent from servers before it.
   */
  generation: z.string().regex(/^[0-9a-f]{32}$/).optional(),
});
export type ChangesResponse = z.infer<typeof changesResponseSchema>;

// ---- The till's name: the server's to decide -------------------------------------------------------------------

/**
 * Refusal code (409) of a pairing or a rename whose name another till of the shop has (revoked tills included: their
 * sale numbers stay in the shop's history). `holder` names that till.
 */
export const TILL_NAME_TAKEN = 'till_name_taken';
export const tillNameTakenSchema = z.strictObject({
  error: z.strictObject({
    code: z.literal(TILL_NAME_TAKEN), message: z.string().max(400),
    holder: z.strictObject({ number: z.number().int().min(1).max(999), name: requiredText(LIMITS.tillNameLength) }),
  }),
});

/**
 * POST /v1/till/name: the till asks the server to rename it (Settings → Esta caja). Never queued offline: the answer
 * is the decision (200 with the till as the feed will carry it, or 409 TILL_NAME_TAKEN), and every till, the back
 * office and the CLI hear of it through the change feed. Sales keep the name they were made with.
 */
export const tillRenameSchema = z.strictObject({ name: requiredText(LIMITS.tillNameLength) });
export const tillRenameResultSchema = z.strictObject({ till: shopTillSchema });

// ---- Offline edits as commands ---------------------------------------------------------------------------------

const commandBase = { id: commandIdSchema, baseVersion: z.union([z.null(), counter]), at: msTime };
export const commandSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...commandBase, kind: z.literal('product.save'), data: shopProductSchema.omit({ version: true }) }),
  z.strictObject({ ...commandBase, kind: z.literal('customer.save'), data: customerInputSchema }),
  z.strictObject({
    ...commandBase, kind: z.literal('person.save'),
    data: shopPersonSchema.omit({ version: true }),
  }),
]);
export type Command = z.infer<typeof commandSchema>;

export const commandBatchSchema = z.strictObject({ commands: z.array(commandSchema).min(1).max(SHOP_LIMITS.commandsPerBatch) });

export const COMMAND_OUTCOMES = ['applied', 'conflict', 'refused'] as const;
export const commandResultsSchema = z.strictObject({
  results: z.array(z.strictObject({
    id: commandIdSchema,
    outcome: z.enum(COMMAND_OUTCOMES),
    /** The record's version at the server after the decision. */
    version: z.union([z.null(), counter]),
    /** Why, for conflict and refused: a reason code the till says in its own words. */
    reason: z.string().max(80).optional(),
  })).max(SHOP_LIMITS.commandsPerBatch),
});

// ---- Sales and shifts pushed by a till -------------------------------------------------------------------------

export const SALE_SERVICE_STATES = ['waiting', 'sending', 'queued', 'validated', 'needs_attention', 'voided'] as const;

/**
 * A sale with what its till has learnt of it. A till pushes a sale again whenever it learns more, with a higher
 * `revision`; the server keeps the highest revision per reference_code (an older or equal one changes nothing), so
 * pushing twice, out of order or from two processes can never make two rows.
 */
export const pushedSaleSchema = z.strictObject({
  referenceCode: referenceCodeSchema,
  /** The till's own sale number: with the till's number it is "Caja 2 · 000123". */
  saleNumber: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  revision: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  createdAt: msTime,
  /** The till's shift id (its own row id), null for a sale outside a shift. */
  shiftId: z.union([z.null(), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]),
  cashierName: boundedText(LIMITS.personNameLength),
  /**
   * The till's name when the sale was made: with `saleNumber` it is the sale's number for good ("Caja 2 · 000123"),
   * whatever the till is called later. Absent from tills before issue 26: the till's current name stands in.
   */
  tillName: requiredText(LIMITS.tillNameLength).optional(),
  /** The request as sent to the invoicing service (its own contract). */
  invoice: invoiceRequestSchema,
  total: amountText,
  /** Cash handed over and change given, for cash sales. */
  cash: z.union([z.null(), z.strictObject({ received: amountText, change: amountText })]),
  service: z.strictObject({
    state: z.enum(SALE_SERVICE_STATES),
    fullNumber: z.union([z.null(), z.string().max(40)]),
    cufe: z.union([z.null(), z.string().max(200)]),
    validatedAt: z.union([z.null(), msTime]),
    /** The service's QR lookup URL (absent in pushes from before issue 21's reprints: derive it from the CUFE). */
    qrUrl: z.string().max(400).regex(/^https:\/\//, { error: 'must be an https URL' }).optional(),
  }),
  /** The sale this one corrects (a credit/replacement), and whether this one was voided or corrected since. */
  corrects: z.union([z.null(), referenceCodeSchema]),
  correctedBy: z.union([z.null(), referenceCodeSchema]),
  reprints: counter,
  /**
   * The till's clock offset (server − till, ms) as the till knew it when the sale was made; absent: not known (a sale
   * from before issue 25, or made before the till ever heard the server). `createdAt` stays the till's own time; the
   * server's reports place the sale at createdAt + clockOffsetMs.
   */
  clockOffsetMs: clockOffsetSchema.optional(),
});
export type PushedSale = z.infer<typeof pushedSaleSchema>;

export const salesBatchSchema = z.strictObject({ sales: z.array(pushedSaleSchema).min(1).max(SHOP_LIMITS.salesPerBatch) });
/** How many of the batch changed something (new rows or newer revisions); the rest were already known. */
export const salesAckSchema = z.strictObject({ stored: counter, unchanged: counter });

/**
 * A batch holding a reference another till pushed is refused whole (409, nothing written) with this code and the
 * references at fault, so the till can set those aside and push the rest: a sale belongs to the till it was born at.
 */
export const SALE_OF_ANOTHER_TILL = 'sale_of_another_till';
export const saleOfAnotherTillSchema = z.strictObject({
  error: z.strictObject({ code: z.literal(SALE_OF_ANOTHER_TILL), message: z.string().max(400), references: z.array(referenceCodeSchema).max(SHOP_LIMITS.salesPerBatch) }),
});

// ---- The tills heal the server: per-day digests of what each till's sales the server holds ---------------------

/**
 * The till is where a sale is born and it keeps every one. Per shop day (America/Bogota, shop-day.ts) it sends the
 * digest of the sales the server acknowledged — how many and the sum of their acknowledged revisions — and the server
 * answers with its own figures for the days that differ. The server only ever holds a subset of a till's sales, each
 * at a revision no higher than the till's, so equal (count, Σ revision) means it holds exactly the same set at the
 * same revisions. For a day that differs the till asks which (reference, revision) the server holds and pushes again
 * what it lacks or holds older. A few bytes a day; a year of days in one request.
 */
export const SHOP_AUDIT = {
  /** Days in one audit request (a till with more history sends several). */
  daysPerRequest: 400,
  /** References of one day the server lists in one answer. */
  heldPerAnswer: 20_000,
  /** Unsendable sales a till lists for the owner with one audit (the count carries the rest). */
  unsendableListed: 100,
  /** Closed shifts the server acknowledged that a till asks about with one audit (its latest ones). */
  shiftsPerRequest: 2_000,
} as const;

const shopDateText = z.string().max(10).refine(isShopDate, { error: 'must be a date as YYYY-MM-DD' });
export const auditDaySchema = z.strictObject({ day: shopDateText, count: counter, revisions: counter });
export type AuditDay = z.infer<typeof auditDaySchema>;

/** Why a sale cannot reach the server: it breaks the contract, the server says it is another till's, or refused it. */
export const UNSENDABLE_REASONS = ['contract', 'other_till', 'refused'] as const;
export type UnsendableReason = (typeof UNSENDABLE_REASONS)[number];
export const unsendableSaleSchema = z.strictObject({
  referenceCode: referenceCodeSchema,
  saleNumber: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  createdAt: msTime,
  reason: z.enum(UNSENDABLE_REASONS),
  /** The field and message that made it so (never a body). */
  detail: z.string().max(200),
});
export type UnsendableSale = z.infer<typeof unsendableSaleSchema>;

const shiftIdNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const salesAuditSchema = z.strictObject({
  days: z.array(auditDaySchema).max(SHOP_AUDIT.daysPerRequest),
  /** The till's closed shifts the server acknowledged (its latest ones): their Z reports must be there too. */
  shifts: z.array(shiftIdNumber).max(SHOP_AUDIT.shiftsPerRequest).optional(),
  /** Sales this till holds and cannot push, for the owner's day report (the first few listed, all counted). */
  unsendable: z.strictObject({ count: counter, sales: z.array(unsendableSaleSchema).max(SHOP_AUDIT.unsendableListed) }),
});
/** The server's own figures for the days of the request that differ from the till's. */
export const salesAuditResultSchema = z.strictObject({
  differing: z.array(auditDaySchema).max(SHOP_AUDIT.daysPerRequest),
  /** Of the shifts asked about, those the server does not hold: the till pushes them (and their Z) again. */
  missingShifts: z.array(shiftIdNumber).max(SHOP_AUDIT.shiftsPerRequest).optional(),
});

export const heldSalesQuerySchema = z.strictObject({ day: shopDateText, after: referenceCodeSchema.optional() });
/** One day's sales of the asking till as the server holds them, by reference; `more`: ask again after the last one. */
export const heldSalesSchema = z.strictObject({
  sales: z.array(z.strictObject({ referenceCode: referenceCodeSchema, revision: counter })).max(SHOP_AUDIT.heldPerAnswer),
  more: z.boolean(),
});

export const pushedShiftSchema = z.strictObject({
  shiftId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  openedAt: msTime,
  openedBy: boundedText(LIMITS.personNameLength),
  openingCash: amountText,
  closedAt: msTime,
  closedBy: boundedText(LIMITS.personNameLength),
  countedCash: amountText,
  /** The Z report as frozen at the close (the till's own shape; the server stores and serves it as JSON). */
  report: z.json(),
});
export const shiftsBatchSchema = z.strictObject({ shifts: z.array(pushedShiftSchema).min(1).max(SHOP_LIMITS.shiftsPerBatch) });
export const shiftsAckSchema = z.strictObject({ stored: counter, unchanged: counter });

// ---- The first till seeds the shop -----------------------------------------------------------------------------

/**
 * The first paired till uploads its catalog, customers and people once, in batches. Refused with `shop_not_empty`
 * (409) when the server already holds a different shop's master data, so two shops are never merged by accident.
 */
export const shopUploadSchema = z.strictObject({
  /** The shop's name as the first till knows it (the seller's name). */
  shopName: requiredText(SHOP_LIMITS.shopNameLength),
  /** First batch true: the server checks it is empty; later batches of the same upload carry `uploadId`. */
  uploadId: commandIdSchema,
  products: z.array(shopProductSchema.omit({ version: true })).max(SHOP_LIMITS.uploadProductsPerBatch),
  customers: z.array(customerInputSchema).max(SHOP_LIMITS.uploadProductsPerBatch),
  people: z.array(shopPersonSchema.omit({ version: true })).max(200),
  settings: z.array(shopSettingSchema.omit({ version: true })).max(100),
  last: z.boolean(),
});
export const shopUploadResultSchema = z.strictObject({ stored: counter, cursor: counter });

/** Settings that are the shop's, not one till's: every till applies them from the feed, and sends its changes of them. */
export const SHOP_WIDE_SETTING_KEYS = ['seller', 'numbering_authorization', 'cashier_max_discount_percent', 'default_email', 'default_municipality_code'] as const;
export type ShopWideSettingKey = (typeof SHOP_WIDE_SETTING_KEYS)[number];

/**
 * A till's changes of the shop-wide settings (issue 26): sent when they change there and after pairing, so the server
 * (the back-office PC's COPIA, the other tills through the feed) has the seller and the numbering authorisation. Each
 * value is the till's settings text (JSON), kept by the server as a JSON string, as the first till's upload keeps it.
 * The last one sent wins: these are edited rarely, by the owner.
 */
export const shopSettingsPushSchema = z.strictObject({
  settings: z.array(z.strictObject({ key: z.enum(SHOP_WIDE_SETTING_KEYS), value: z.string().max(20_000) })).min(1).max(SHOP_WIDE_SETTING_KEYS.length),
});
export const shopSettingsPushResultSchema = z.strictObject({
  results: z.array(z.strictObject({ key: z.enum(SHOP_WIDE_SETTING_KEYS), version: counter })),
});

/**
 * A till's request for permits to start requests to the invoicing service (issue 28). `account` names the client id
 * without saying it: the hex SHA-256 of the service's address and client id (`rateAccountKey`). `limit` and
 * `windowMs` are the till's ceiling for that account (the service's limit with headroom). `giveBack` returns the
 * till's previous lease: how many of its permits were used and how many of those the service answered 429.
 */
export const rateLeaseRequestSchema = z.strictObject({
  account: z.string().regex(/^[0-9a-f]{64}$/, 'account must be 64 lowercase hex characters'),
  limit: z.number().int().min(1).max(100_000),
  windowMs: z.number().int().min(1_000).max(3_600_000),
  want: z.number().int().min(0).max(RATE_LEASE.maxPermits),
  giveBack: z.strictObject({
    leaseId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    used: z.number().int().min(0).max(RATE_LEASE.maxPermits),
    rateLimited: z.number().int().min(0).max(RATE_LEASE.maxPermits),
  }).optional(),
  /**
   * Requests this till started on its own share (the server away) within the last window, not reported before: the
   * server counts them in the shop's window from now, so handing back after an outage never doubles the rate.
   */
  ownRecent: z.number().int().min(1).max(1_000).optional(),
  /** 429s answered after their lease was given back (requests still in flight then): each with its lease. */
  lateRateLimited: z.array(z.strictObject({
    leaseId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    count: z.number().int().min(1).max(RATE_LEASE.maxPermits),
  })).max(RATE_LEASE.maxPermits).optional(),
});
export type RateLeaseRequest = z.infer<typeof rateLeaseRequestSchema>;
/**
 * The lease: `granted` permits, each to be started before `expiresAt` (server time), or none and `nextAt` (server
 * time) when one frees; the shop's budget now and the tills active in its window (a till's fallback share when the
 * server is away is 1 / activeTills).
 */
export const rateLeaseSchema = z.strictObject({
  leaseId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
  granted: z.number().int().min(0).max(RATE_LEASE.maxPermits),
  expiresAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  nextAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  budget: z.number().int().min(0),
  activeTills: z.number().int().min(1),
});
export type RateLease = z.infer<typeof rateLeaseSchema>;
