/**
 * The owner's back office at the shop server (issue 21): what the server answers about every till's sales, in one
 * place the server and the back-office screens validate with. Amounts are exact decimal text ("12500.00"), summed
 * by PostgreSQL as numeric, never as floats. Days are the shop's (America/Bogota, see shop-day.ts).
 *
 * Routes (JSON; all but the session's opening need `Authorization: Bearer <session token>`):
 *   POST   /v1/back-office/session        signed by a paired till: sessionRequestSchema → sessionResponseSchema
 *   POST   /admin/back-office/session     on the server's machine with the admin token: the same
 *   DELETE /v1/back-office/session        ends the session
 *   GET    /v1/back-office/sales?q=…      salesQuerySchema → salesPageSchema (History over every till's sales)
 *   GET    /v1/back-office/sales/<ref>    saleDetailSchema
 *   GET    /v1/back-office/day-report?date=YYYY-MM-DD   dayReportSchema
 *   GET    /v1/back-office/dashboard      dashboardSchema (today and this week, by the server's clock)
 *   GET    /v1/back-office/changes?since=V&wait=S       changesSignalSchema (long-poll: wakes when a till pushes)
 */
import { shopInvoicingStatusSchema } from './confirmations';
import { z } from 'zod';
import { LIMITS } from '../limits';
import { pinSchema } from '../people';
import { ANSWER_ROWS, answerText, amountText, clockOffsetSchema, CLOCK_LIMITS, pushedSaleSchema, referenceCodeSchema, SALE_SERVICE_STATES, SHOP_LIMITS, tillIdSchema } from './contract';
import { FEED_ASIDE_LISTED, feedAsideRecordSchema } from './feed-aside';
import { isShopDate } from './shop-day';

export const BACK_OFFICE_LIMITS = {
  /** A session ends this long after its last use… */
  sessionIdleMs: 15 * 60_000,
  /** …and at the latest this long after it opened. */
  sessionMaxMs: 8 * 3600_000,
  pageSize: 50,
  maxPageSize: 200,
  /** Matches counted at most: "more than 1 000" is all a person reads from a larger number. */
  countCap: 1_000,
  maxOffset: 10_000,
  topProducts: 10,
} as const;

const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const msTime = z.number().int().min(0).max(8_640_000_000_000_000);
const amount = amountText;
const tillNumber = z.number().int().min(1).max(999);
const shopDate = z.string().max(10).refine(isShopDate, { error: 'must be a date as YYYY-MM-DD' });

// ---- The session ------------------------------------------------------------------------------------------------

/** The owner names themself (the server's key for the person, as tills have it from the feed) and types the PIN. */
export const sessionRequestSchema = z.strictObject({ personKey: z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a person key' }), pin: pinSchema });
export const sessionResponseSchema = z.strictObject({
  /** Kept in the server's memory only (as its hash); a restart ends every session. */
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  expiresAt: msTime,
  person: z.strictObject({ key: answerText, name: z.string().max(LIMITS.personNameLength) }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
/** Refusal codes of the session route: `pin_refused` (401: wrong PIN, unknown person, not an active owner), `pin_paused` (429, Retry-After). */
export const SESSION_REFUSALS = ['pin_refused', 'pin_paused', 'session_required', 'session_expired'] as const;

// ---- History over every till's sales ----------------------------------------------------------------------------

export const salesQuerySchema = z.strictObject({
  q: z.string().max(120).optional(),
  from: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  to: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
  till: z.coerce.number().int().min(1).max(999).optional(),
  state: z.enum(SALE_SERVICE_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(BACK_OFFICE_LIMITS.maxPageSize).optional(),
  offset: z.coerce.number().int().min(0).max(BACK_OFFICE_LIMITS.maxOffset).optional(),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;

export const saleSummarySchema = z.strictObject({
  referenceCode: referenceCodeSchema,
  tillId: tillIdSchema,
  tillNumber,
  tillName: answerText,
  saleNumber: counter,
  createdAt: msTime,
  cashierName: answerText,
  customerName: answerText,
  customerIdentification: answerText,
  total: amount,
  paymentMeans: answerText,
  state: z.enum(SALE_SERVICE_STATES),
  fullNumber: z.union([z.null(), answerText]),
  corrects: z.union([z.null(), referenceCodeSchema]),
  correctedBy: z.union([z.null(), referenceCodeSchema]),
  /**
   * The till's clock offset when it made the sale (server − till, ms; null: not known). `createdAt` above is the
   * corrected time the reports place the sale at; the till's own time is `createdAt − clockOffsetMs`.
   */
  clockOffsetMs: z.union([z.null(), clockOffsetSchema]).optional(),
  /**
   * The till's name when the sale was made: with `saleNumber` the sale's number for good («Caja 2 · 000123»), while
   * `tillName` above is what the till is called now (History's till column). Absent from servers before issue 26.
   */
  saleTillName: answerText.optional(),
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;

export const salesPageSchema = z.strictObject({
  sales: z.array(saleSummarySchema).max(BACK_OFFICE_LIMITS.maxPageSize),
  /** Matches found, exact unless `capped` (then "more than total"). */
  total: counter,
  capped: z.boolean(),
});
export type SalesPage = z.infer<typeof salesPageSchema>;

const taxRow = z.strictObject({ code: answerText, rate: answerText, taxableAmount: amount, amount });
export const saleDetailSchema = z.strictObject({
  summary: saleSummarySchema,
  /** The sale as its till last pushed it (the invoice request, cash, the service's answer). */
  sale: pushedSaleSchema,
  lines: z.array(z.strictObject({
    code: answerText, name: answerText, quantity: answerText, price: answerText, discountRate: answerText,
    base: amount, discount: amount, lineAmount: amount, taxTotal: amount, payable: amount,
  })).max(ANSWER_ROWS),
  taxes: z.array(taxRow).max(ANSWER_ROWS),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

// ---- The day report ----------------------------------------------------------------------------------------------

export const tallySchema = z.strictObject({ count: counter, total: amount });
export type Tally = z.infer<typeof tallySchema>;

export const dayReportQuerySchema = z.strictObject({ date: shopDate });

const zShiftSchema = z.strictObject({
  shiftId: counter,
  openedAt: msTime, closedAt: msTime, openedBy: answerText, closedBy: answerText,
  /** The Z's own figures, as frozen at the close. */
  zSales: tallySchema,
  opening: amount,
  expected: amount,
  counted: amount,
  /** counted − expected: negative when cash was missing. */
  difference: amount,
});

export const dayReportSchema = z.strictObject({
  date: shopDate,
  from: msTime,
  to: msTime,
  /** Every till's sales of the day that count (not voided, not replaced by a correction). */
  sales: tallySchema.extend({ gross: amount, discount: amount, taxTotal: amount }),
  taxes: z.array(taxRow).max(ANSWER_ROWS),
  byMeans: z.array(tallySchema.extend({ meansCode: answerText })).max(ANSWER_ROWS),
  validated: tallySchema,
  /** Waiting, sending or queued at the DIAN's service: not validated yet. */
  pending: tallySchema,
  needsAttention: tallySchema,
  corrections: z.strictObject({
    voided: tallySchema,
    /** Sales replaced by a new invoice (their replacement counts among the sales). */
    replaced: tallySchema,
    list: z.array(z.strictObject({
      kind: z.enum(['voided', 'replaced']), referenceCode: referenceCodeSchema, tillNumber, saleNumber: counter, total: amount,
      correctedBy: z.union([z.null(), referenceCodeSchema]),
    })).max(ANSWER_ROWS),
  }),
  tills: z.array(z.strictObject({
    tillId: tillIdSchema, number: tillNumber, name: answerText,
    sales: tallySchema,
    /** Z reports of the shifts this till closed that day. */
    shifts: z.array(zShiftSchema),
    cash: z.strictObject({ expected: amount, counted: amount, difference: amount }),
    /** Shifts with sales that day whose Z has not reached the server (shiftId null: sales outside any shift). */
    missingZ: z.array(z.strictObject({ shiftId: z.union([z.null(), counter]), sales: tallySchema })),
    /**
     * Sales of that day made while this till's clock was off by more than CLOCK_LIMITS.shownOffsetMs: placed by the
     * corrected time (their count, and the largest offset among them, server − till in ms). Absent when none.
     */
    clockCorrected: z.strictObject({ count: counter, offsetMs: clockOffsetSchema }).optional(),
    /**
     * Issue 25: `inReview` while the till's digest of that day differs from the server's (some of its sales may not be
     * here yet; the till is pushing them again); `unsendable`: sales of that day the till holds and cannot push.
     * Absent from servers before issue 25.
     */
    audit: z.strictObject({ inReview: z.boolean(), unsendable: counter }).optional(),
  })).max(ANSWER_ROWS),
  /** The Z reports of the day added up (their own frozen figures). */
  zReports: z.strictObject({ count: counter, sales: tallySchema, cashExpected: amount, cashCounted: amount }),
  /** Tills with sales that day whose Z (or one of them) has not reached the server: named, never left out. */
  tillsWithoutZ: z.array(z.strictObject({ number: tillNumber, name: answerText })).max(ANSWER_ROWS),
  /** Tills whose sales of the day are not all here (in review, or sales they cannot push): named, never left out. */
  tillsIncomplete: z.array(z.strictObject({ number: tillNumber, name: answerText, inReview: z.boolean(), unsendable: counter })).max(ANSWER_ROWS).optional(),
});
export type DayReport = z.infer<typeof dayReportSchema>;

// ---- The dashboard -----------------------------------------------------------------------------------------------

export const tillClockSchema = z.strictObject({ tillNumber, tillName: answerText, offsetMs: clockOffsetSchema, seenAt: msTime });
export type TillClock = z.infer<typeof tillClockSchema>;

/** Whether a till's clock is off enough to say so (and its sales to be flagged). */
export const clockIsOff = (offsetMs: number | null | undefined): boolean => offsetMs != null && Math.abs(offsetMs) > CLOCK_LIMITS.shownOffsetMs;

/**
 * How far and which way a till's clock is off, in whole minutes (at least 1) or hours and minutes: the words are the
 * screen's; `ahead` when the till's clock shows a later time than the server's (offset negative).
 */
export function clockDrift(offsetMs: number): { ahead: boolean; hours: number; minutes: number } {
  const total = Math.max(1, Math.round(Math.abs(offsetMs) / 60_000));
  return { ahead: offsetMs < 0, hours: Math.floor(total / 60), minutes: total % 60 };
}

const byTill = z.array(tallySchema.extend({ tillNumber, tillName: answerText })).max(ANSWER_ROWS);
const byMeans = z.array(tallySchema.extend({ meansCode: answerText })).max(ANSWER_ROWS);
const topProducts = z.array(z.strictObject({ code: answerText, name: answerText, quantity: answerText, total: amount })).max(ANSWER_ROWS);
const periodSchema = z.strictObject({
  sales: tallySchema,
  byTill,
  byMeans,
  taxes: z.array(taxRow).max(ANSWER_ROWS),
  taxTotal: amount,
  /** Best sellers by amount (line totals with tax), at most BACK_OFFICE_LIMITS.topProducts. */
  topProducts,
});

/** The dashboard's query by which a till says it reads `feedAside` (issue 27): `?with=feed-aside`. */
export const DASHBOARD_WITH_FEED_ASIDE = 'feed-aside';
/** …and `invoicing` (issue 28): `?with=feed-aside&with=invoicing`. */
export const DASHBOARD_WITH_INVOICING = 'invoicing';

export const dashboardSchema = z.strictObject({
  at: msTime,
  today: periodSchema.extend({
    date: shopDate,
    /** Hours 0–23 in Bogotá, per till; hours without sales are left out. */
    byHour: z.array(tallySchema.extend({ hour: z.number().int().min(0).max(23), tillNumber })).max(ANSWER_ROWS),
  }),
  week: periodSchema.extend({
    monday: shopDate,
    byDay: z.array(tallySchema.extend({ date: shopDate, tillNumber })).max(ANSWER_ROWS),
  }),
  /**
   * Each till's clock as it last reported it (server − till, ms: positive when the till is behind), tills not revoked
   * that ever reported one; Tienda names those off by more than CLOCK_LIMITS.shownOffsetMs. Absent from older servers.
   */
  clocks: z.array(tillClockSchema).max(ANSWER_ROWS).optional(),
  /**
   * Issue 27: per till, the records of the change feed it could not apply and set aside (the first 50 of `count`),
   * with what to do. Present only when some till has any, and only to a reader that asks for it (`?with=feed-aside`):
   * an older till, whose schema is strict, reads the dashboard as before.
   */
  feedAside: z.array(z.strictObject({
    tillNumber, tillName: answerText, count: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), reportedAt: msTime,
    records: z.array(feedAsideRecordSchema).max(FEED_ASIDE_LISTED),
  })).max(ANSWER_ROWS).optional(),
  /**
   * Issue 28: the shop's traffic with the invoicing service (requests per minute against the limit, documents waiting
   * per till and who confirms them, webhooks heard). Only to a reader that asks for it (`?with=invoicing`).
   */
  invoicing: shopInvoicingStatusSchema.optional(),
  /** What the DIAN has not validated yet, whatever the day. */
  dian: z.strictObject({
    pending: tallySchema,
    needsAttention: tallySchema,
    /** The oldest sale still waiting for the DIAN (pending or needing attention), null when none. */
    oldestWaitingAt: z.union([z.null(), msTime]),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- The change signal -------------------------------------------------------------------------------------------

export const changesSignalQuerySchema = z.strictObject({
  since: z.string().max(80).optional(),
  wait: z.coerce.number().int().min(0).max(SHOP_LIMITS.maxWaitSeconds).optional(),
});
/** `version` changes whenever a till pushes sales or shifts that change something; the screen refreshes then. */
export const changesSignalSchema = z.strictObject({ version: z.string().max(80), changed: z.boolean() });

// ---- Master data edited once for all tills, and each till's shifts (back-office-records.ts) -------------------------
export * from './back-office-records';
