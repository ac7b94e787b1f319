/**
 * The owner's back office edits the shop's master data once for every till (issue 21): products, customers and
 * people saved at the server by compare-and-set on `version` (the contract's rule for a till's offline edits, so
 * an owner's edit and a till's edit can never silently overwrite each other), and each till's closed shifts with
 * their Z. Re-exported by back-office.ts. Every save goes into the change feed, so every till receives it.
 *
 * Routes (JSON, `Authorization: Bearer <session token>`):
 *   GET  /v1/back-office/products?q=&limit=&offset=   recordsQuerySchema → productsPageSchema (code or name)
 *   GET  /v1/back-office/products/<code>              shopProductSchema
 *   POST /v1/back-office/products                     productSaveSchema → productSavedSchema
 *   GET  /v1/back-office/customers?q=…                recordsQuerySchema → customersPageSchema (name or identification)
 *   POST /v1/back-office/customers                    customerSaveSchema → customerSavedSchema
 *   GET  /v1/back-office/people                       peopleListSchema (never a PIN's hash)
 *   POST /v1/back-office/people                       personSaveSchema → personSavedSchema (the PIN hashed at the server)
 *   GET  /v1/back-office/shifts?date=&till=           shiftsQuerySchema → shiftsListSchema
 *   GET  /v1/back-office/shifts/<till number>/<shift id>   shiftDetailSchema (the Z as its till froze it)
 * A save whose `baseVersion` is not the record's version at the server is refused 409
 * `{ error: { code: 'stale_version', message, current } }` with the record as it is now (null: it does not exist).
 */
import { z } from 'zod';
import { customerInputSchema } from '../customer';
import { PERSON_ROLES, personNameSchema, pinSchema } from '../people';
import { productInputSchema } from '../product';
import { ANSWER_ROWS, answerText, amountText, shopProductSchema, tillIdSchema } from './contract';
import { isShopDate } from './shop-day';

const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const msTime = z.number().int().min(0).max(8_640_000_000_000_000);
const tillNumber = z.number().int().min(1).max(999);
const shopDate = z.string().max(10).refine(isShopDate, { error: 'must be a date as YYYY-MM-DD' });
/** The server version of the record the owner opened; null: a new record (it must not exist yet). */
const baseVersion = z.union([z.null(), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]);
export const personKeySchema = z.string().regex(/^[0-9a-f]{32}$/, { error: 'must be a person key' });
export const customerKeySchema = z.string().min(3).max(60);

export const RECORD_PAGE = { size: 50, max: 200, maxOffset: 10_000, maxPeople: 500, maxShifts: 500 } as const;

export const recordsQuerySchema = z.strictObject({
  q: z.string().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(RECORD_PAGE.max).optional(),
  offset: z.coerce.number().int().min(0).max(RECORD_PAGE.maxOffset).optional(),
});
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

// ---- Products: the product form's rule (shared/product.ts); a shelf price becomes the base at the server ----------

export const productSaveSchema = z.strictObject({ product: productInputSchema, baseVersion });
export type ProductSave = z.infer<typeof productSaveSchema>;
export const productsPageSchema = z.strictObject({ products: z.array(shopProductSchema).max(RECORD_PAGE.max), total: counter });
export type ProductsPage = z.infer<typeof productsPageSchema>;
export const productSavedSchema = z.strictObject({ product: shopProductSchema });

// ---- Customers: the customer form's rule (shared/customer.ts) --------------------------------------------------

export const customerRecordSchema = z.strictObject({ key: customerKeySchema, customer: customerInputSchema, version: counter });
export type CustomerRecord = z.infer<typeof customerRecordSchema>;
/** `key`: the saved customer's key (null: a new one); its identification cannot change (that is another customer). */
export const customerSaveSchema = z.strictObject({ key: z.union([z.null(), customerKeySchema]), customer: customerInputSchema, baseVersion });
export type CustomerSave = z.infer<typeof customerSaveSchema>;
export const customersPageSchema = z.strictObject({ customers: z.array(customerRecordSchema).max(RECORD_PAGE.max), total: counter });
export type CustomersPage = z.infer<typeof customersPageSchema>;
export const customerSavedSchema = z.strictObject({ customer: customerRecordSchema });

// ---- People: the People screen's rule (shared/people.ts); the PIN crosses once and is hashed at the server -------

export const personRecordSchema = z.strictObject({
  key: personKeySchema, name: personNameSchema, role: z.enum(PERSON_ROLES), active: z.boolean(), version: counter,
});
export type PersonRecord = z.infer<typeof personRecordSchema>;
export const personSaveSchema = z.strictObject({
  key: z.union([z.null(), personKeySchema]),
  baseVersion,
  name: personNameSchema,
  role: z.enum(PERSON_ROLES, { error: 'must be owner or cashier' }),
  active: z.boolean(),
  /** Required for a new person; absent on an edit keeps the PIN. */
  pin: pinSchema.optional(),
}).superRefine((p, ctx) => {
  if (p.key === null && p.pin === undefined) ctx.addIssue({ code: 'custom', path: ['pin'], message: 'is required for a new person', input: p });
  if ((p.key === null) !== (p.baseVersion === null)) ctx.addIssue({ code: 'custom', path: ['baseVersion'], message: 'a new person has no version; a saved one has its version', input: p });
});
export type PersonSave = z.infer<typeof personSaveSchema>;
export const peopleListSchema = z.strictObject({ people: z.array(personRecordSchema).max(RECORD_PAGE.maxPeople) });
export const personSavedSchema = z.strictObject({ person: personRecordSchema });

/** The 409 body of a save on a stale version, for each kind. */
export const staleAnswerSchema = <S extends z.ZodType>(record: S) => z.object({
  error: z.object({ code: z.literal('stale_version'), message: answerText, current: z.union([z.null(), record]) }),
});
/** What a save says back through the bridge: saved, or refused because someone changed the record meanwhile. */
export type RecordSaveOutcome<T> = { outcome: 'saved'; record: T } | { outcome: 'stale'; current: T | null };

// ---- Shifts and their Z ------------------------------------------------------------------------------------------

export const shiftsQuerySchema = z.strictObject({ date: shopDate, till: z.coerce.number().int().min(1).max(999).optional() });

const tally = z.object({ count: counter, payable: amountText });
/**
 * The Z report as a till freezes it at the close (the till's ShiftReportDto, which its Z paper shows). Not strict:
 * a newer till may add fields an older back office does not show.
 */
export const zReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  shift: z.object({
    id: counter, tillName: answerText, openedAt: msTime, openedBy: answerText, openingCash: amountText,
    closedAt: z.union([z.null(), msTime]), closedBy: z.union([z.null(), answerText]),
  }),
  takenAt: msTime,
  sales: tally,
  gross: amountText,
  discount: amountText,
  taxTotal: amountText,
  taxes: z.array(z.object({ code: answerText, rate: answerText, taxableAmount: amountText, amount: amountText })).max(ANSWER_ROWS),
  byMeans: z.array(tally.extend({ meansCode: answerText })).max(ANSWER_ROWS),
  validated: tally,
  pending: tally,
  needsAttention: tally,
  byCashier: z.array(tally.extend({ cashierName: answerText })).max(ANSWER_ROWS),
  cash: z.object({
    opening: amountText, cashSales: amountText, expected: amountText,
    counted: z.union([z.null(), amountText]), difference: z.union([z.null(), amountText]),
    count: z.union([z.null(), z.object({ bills: z.record(answerText, counter), coins: z.record(answerText, counter) })]),
  }),
  unsent: z.object({ count: counter, oldestAt: z.union([z.null(), msTime]) }),
});
export type ZReport = z.infer<typeof zReportSchema>;

export const shiftSummarySchema = z.strictObject({
  tillId: tillIdSchema, tillNumber, tillName: answerText,
  shiftId: counter, openedAt: msTime, closedAt: msTime, openedBy: answerText, closedBy: answerText,
  opening: amountText, counted: amountText,
  /** From the Z (null when its report does not read as one). */
  sales: z.union([z.null(), z.strictObject({ count: counter, total: amountText })]),
  difference: z.union([z.null(), amountText]),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;
export const shiftsListSchema = z.strictObject({
  date: shopDate,
  /** Every paired till (for the filter), revoked ones included: their shifts stay the shop's. */
  tills: z.array(z.strictObject({ tillId: tillIdSchema, number: tillNumber, name: answerText })).max(ANSWER_ROWS),
  /** Shifts closed that day, by till then close. */
  shifts: z.array(shiftSummarySchema).max(RECORD_PAGE.maxShifts),
});
export type ShiftsList = z.infer<typeof shiftsListSchema>;
export const shiftDetailSchema = z.strictObject({ summary: shiftSummarySchema, report: z.union([z.null(), zReportSchema]) });
export type ShiftDetail = z.infer<typeof shiftDetailSchema>;
