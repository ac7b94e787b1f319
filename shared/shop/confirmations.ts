/**
 * The shop's confirmations (issue 28): the shop server learns the fate of every till's documents waiting at the
 * invoicing service (one loop per client id, webhooks when configured) and hands each outcome to its till through
 * the change feed. A till tells the server which documents it waits on (`POST /v1/confirm/watch`); while the server
 * answers `confirming: true` the till does not poll those itself, and it polls again by itself when the server is
 * away, refuses, or is too old to have this route (404).
 */
import { z } from 'zod';
import { CONFIRM_LIMITS, referenceCodeSchema, serviceDocumentIdSchema } from './contract';

export { CONFIRM_LIMITS, documentOutcomeSchema, serviceDocumentIdSchema, type DocumentOutcome } from './contract';

export const CONFIRM_WATCH_PATH = '/v1/confirm/watch';


const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const msTime = z.number().int().min(0).max(8_640_000_000_000_000);

/** The hex SHA-256 of the service's address and client id (`rateAccountKey`): names the account without saying it. */
export const serviceAccountKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'account must be 64 lowercase hex characters');

export const watchedDocumentSchema = z.strictObject({
  referenceCode: referenceCodeSchema,
  documentId: serviceDocumentIdSchema,
  /** When the service accepted it (QUEUED), by the till's clock corrected to the server's. */
  queuedAt: msTime,
});
export type WatchedDocument = z.infer<typeof watchedDocumentSchema>;

export const confirmWatchRequestSchema = z.strictObject({
  account: serviceAccountKeySchema,
  /** Documents this till waits on that the server has not been told of yet (or all of them, again: idempotent). */
  documents: z.array(watchedDocumentSchema).max(CONFIRM_LIMITS.documentsPerWatch),
  /** References whose verdict the till now has (from the feed or by itself): the server stops watching them. */
  settled: z.array(referenceCodeSchema).max(CONFIRM_LIMITS.documentsPerWatch),
});
export type ConfirmWatchRequest = z.infer<typeof confirmWatchRequestSchema>;

/**
 * Why the server does not confirm for a till: it has no credentials for the service, it has them for another
 * account than the till's, or the service refused them (the owner must enter them again).
 */
export const CONFIRM_REFUSALS = ['no_credentials', 'other_account', 'service_refused'] as const;
export type ConfirmRefusal = (typeof CONFIRM_REFUSALS)[number];

export const confirmWatchResponseSchema = z.strictObject({
  /** The server confirms this till's documents on this account: the till need not poll them while this holds. */
  confirming: z.boolean(),
  reason: z.enum(CONFIRM_REFUSALS).nullable(),
  /** This till's documents the server watches now. */
  watching: counter,
  /** The shop's requests on this account in the last 60 s and the limit they keep under (absent from older servers). */
  shop: z.strictObject({ requestsLastMinute: counter, limit: counter }).optional(),
});
export type ConfirmWatchResponse = z.infer<typeof confirmWatchResponseSchema>;

/** The shop's invoicing traffic as Tienda and the tills' status bars show it. */
export const shopInvoicingStatusSchema = z.strictObject({
  /** The server holds credentials for the service (never shown: only whether, and for which client id's key). */
  credentials: z.enum(['none', 'set', 'refused']),
  /** Requests to the service by the whole shop in the last 60 s, and the limit they keep under. */
  requestsLastMinute: counter,
  limit: counter,
  /** Per till: its documents waiting for the service's verdict and whether the server confirms them. */
  tills: z.array(z.strictObject({
    tillId: z.string().regex(/^[0-9a-f]{32}$/),
    number: z.number().int().min(1).max(999),
    name: z.string().max(80),
    waiting: counter,
    /** true: the till polls the service itself now (the server away for it, or it does not watch). */
    confirmsItself: z.boolean(),
    lastWatchAt: msTime.nullable(),
  })).max(1_000),
  webhooks: z.strictObject({
    configured: z.boolean(),
    received: counter,
    lastAt: msTime.nullable(),
  }),
});
export type ShopInvoicingStatus = z.infer<typeof shopInvoicingStatusSchema>;
