/** The contract's routes a paired till calls (all signed): the change feed, offline commands, sales, shifts, upload. */
import {
  commandBatchSchema, changesQuerySchema, heldSalesQuerySchema, rateLeaseRequestSchema, SALE_OF_ANOTHER_TILL, salesAuditSchema, salesBatchSchema, SHOP_LIMITS,
  shiftsBatchSchema, shopSettingsPushSchema, shopUploadSchema, TILL_NAME_TAKEN, tillRenameSchema,
} from '../../shared/shop/contract';
import { FEED_ASIDE_PATH, feedAsideReportSchema } from '../../shared/shop/feed-aside';
import { CONFIRM_WATCH_PATH, confirmWatchRequestSchema } from '../../shared/shop/confirmations';
import { confirmVerdict, readServiceAccount, referencesOfOtherTills, accountRequests, storeWatch } from '../store/confirmations';
import type { Database } from '../db/adapter';
import { recordFeedAside } from '../store/feed-aside';
import { readChanges } from '../store/changes';
import { saveRecord, takeFeedLock } from '../store/master-data';
import { decideCommands } from '../store/commands';
import { pushSales } from '../store/sales';
import { auditTillSales, heldSales, missingShifts, salesOfOtherTills } from '../store/sales-audit';
import { pushShifts } from '../store/shifts';
import { leaseRate } from '../store/rate-budget';
import { recordTillClock, renameTill, TillNameTakenError, type Till } from '../store/tills';
import { readGeneration } from '../store/shop';
import { uploadShop } from '../store/upload';
import type { ChangeNotifier } from './change-notifier';
import type { SalesSignal } from './sales-signal';
import { figuresOfBatch } from '../store/sale-figures';
import { checkValue, invalid, parseBody, refusal, reply, type Reply } from './io';

export interface TillRouteContext {
  db: Database;
  notifier: ChangeNotifier;
  /** Moved after a push that stored sales or shifts: the back office's dashboard refreshes by itself. */
  salesSignal: SalesSignal;
  now: () => number;
  /** Issue 28: this process's confirmation loop, woken when a watch names documents (server/confirm/confirmer.ts). */
  confirmations?: { wake(): void };
}

export interface TillRequest {
  method: string; url: URL; body: Buffer; till: Till; signal: AbortSignal;
  /** The till speaks a newer contract than this server: fields the server does not know are ignored (contract-version.ts). */
  tolerant?: boolean;
}

export const TILL_ROUTES: Record<string, { method: 'GET' | 'POST'; handle: (ctx: TillRouteContext, req: TillRequest) => Promise<Reply> }> = {
  '/v1/changes': { method: 'GET', handle: changes },
  '/v1/commands': { method: 'POST', handle: commands },
  '/v1/sales': { method: 'POST', handle: sales },
  '/v1/shifts': { method: 'POST', handle: shifts },
  '/v1/shop/upload': { method: 'POST', handle: upload },
  '/v1/sales/audit': { method: 'POST', handle: audit },
  '/v1/sales/held': { method: 'POST', handle: held },
  '/v1/settings': { method: 'POST', handle: settings },
  '/v1/till/name': { method: 'POST', handle: rename },
  '/v1/rate/lease': { method: 'POST', handle: rateLease },
  [FEED_ASIDE_PATH]: { method: 'POST', handle: feedAside },
  [CONFIRM_WATCH_PATH]: { method: 'POST', handle: confirmWatch },
};

/** A reference named in a watch that another till watches: the whole watch is refused (409), nothing stored. */
export const REFERENCE_OF_ANOTHER_TILL = 'reference_of_another_till';

/**
 * Issue 28: the documents this till waits on at the invoicing service, and those it has a verdict for now. Stored
 * whatever the server's credentials (idempotent by reference code); the answer says whether the server confirms them.
 */
async function confirmWatch(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, confirmWatchRequestSchema, req.tolerant);
  if (!body.ok) return body.reply;
  const { account, documents, settled } = body.value;
  const outcome = await ctx.db.transaction(async (tx) => {
    const foreign = await referencesOfOtherTills(tx, req.till.id, [...documents.map((d) => d.referenceCode), ...settled]);
    if (foreign.length > 0) return { foreign, answer: null };
    const verdict = confirmVerdict(await readServiceAccount(tx), account);
    const watching = await storeWatch(tx, req.till.id, account, documents, settled, verdict.confirming, ctx.now());
    // The shop's traffic on the till's account: its status bar says so when the shop nears the limit.
    return { foreign: null, answer: { ...verdict, watching, shop: await accountRequests(tx, account, ctx.now()) } };
  });
  if (outcome.foreign) {
    return refusal(409, REFERENCE_OF_ANOTHER_TILL, `${outcome.foreign.length} of these documents are watched by another till; nothing was stored`, { references: outcome.foreign.slice(0, 100) });
  }
  if (outcome.answer.confirming && documents.length > 0) ctx.confirmations?.wake();
  return reply(200, outcome.answer);
}

/** Issue 27: the till's list of feed records it set aside (replacing its last one); Tienda's dashboard lists them. */
async function feedAside(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, feedAsideReportSchema);
  if (!body.ok) return body.reply;
  await ctx.db.transaction((tx) => recordFeedAside(tx, req.till.id, body.value, ctx.now()));
  // Tienda's dashboard reads it: it refreshes by itself.
  ctx.salesSignal.bump();
  return reply(200, { ok: true });
}

/** The till asks to be renamed: the server decides (unique in the shop) and the feed tells everyone. */
async function rename(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, tillRenameSchema, req.tolerant);
  if (!body.ok) return body.reply;
  return renameReply(ctx, req.till.id, body.value.name);
}

/** The answer to a rename, from a till or from the owner's admin route: the till as the feed carries it, or 409. */
export async function renameReply(ctx: { db: Database; notifier: ChangeNotifier }, which: string, name: string): Promise<Reply> {
  try {
    const renamed = await ctx.db.transaction((tx) => renameTill(tx, which, name));
    if (!renamed) return refusal(404, 'unknown_till', `no till ${which}`);
    if (renamed.changed) ctx.notifier.changed();
    const { till, version } = renamed;
    return reply(200, { till: { tillId: till.id, number: till.number, name: till.name, revoked: till.revoked, version } });
  } catch (error) {
    if (!(error instanceof TillNameTakenError)) throw error;
    return refusal(409, TILL_NAME_TAKEN, error.message, { holder: { number: error.holder.number, name: error.holder.name } });
  }
}

async function changes(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const query = checkValue(Object.fromEntries(req.url.searchParams), changesQuerySchema, 'query', req.tolerant);
  if (!query.ok) return query.reply;
  const { since, wait = 0, clock } = query.value;
  // Signed with the path and query: only the till itself can say what its clock is.
  if (clock !== undefined) await recordTillClock(ctx.db, req.till.id, clock, ctx.now());
  // Marked before the read: a change committed (here or at another process) after it wakes this wait at once.
  const mark = ctx.notifier.mark();
  let page = await readChanges(ctx.db, since, SHOP_LIMITS.changesPerPage, req.till.id);
  if (page.changes.length === 0 && wait > 0 && !req.signal.aborted) {
    await ctx.notifier.wait(wait * 1000, req.signal, mark);
    page = await readChanges(ctx.db, since, SHOP_LIMITS.changesPerPage, req.till.id);
  }
  const cursor = page.changes.at(-1)?.seq ?? since;
  return reply(200, { changes: page.changes, cursor, more: page.more, generation: await readGeneration(ctx.db) });
}

async function commands(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, commandBatchSchema, req.tolerant);
  if (!body.ok) return body.reply;
  const decided = await ctx.db.transaction((tx) => decideCommands(tx, req.till.id, body.value.commands, ctx.now()));
  if (decided.changed) ctx.notifier.changed();
  return reply(200, { results: decided.results });
}

async function sales(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, salesBatchSchema, req.tolerant);
  if (!body.ok) return body.reply;
  // A figure beyond what money.ts computes (the invoicing service would refuse it too) is named, and nothing is written.
  const figures = figuresOfBatch(body.value.sales);
  if (!figures.ok) return invalid(figures.problems);
  const outcome = await ctx.db.transaction(async (tx) => {
    // Another till's sale is refused with its own code (never a plain "unchanged"), and nothing of the batch is written.
    const foreign = await salesOfOtherTills(tx, req.till.id, body.value.sales.map((s) => s.referenceCode));
    if (foreign.length > 0) return { foreign, ack: null };
    return { foreign: null, ack: await pushSales(tx, req.till.id, body.value.sales, ctx.now(), figures.figures) };
  });
  if (outcome.foreign) {
    return refusal(409, SALE_OF_ANOTHER_TILL, `${outcome.foreign.length} of these sales were pushed by another till; nothing was stored`, { references: outcome.foreign });
  }
  if (outcome.ack.stored > 0) await ctx.salesSignal.bump();
  return reply(200, outcome.ack);
}

async function audit(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, salesAuditSchema, req.tolerant);
  if (!body.ok) return body.reply;
  const differing = await ctx.db.transaction((tx) => auditTillSales(tx, req.till.id, body.value.days, body.value.unsendable, ctx.now()));
  // The day report reads "en revisión" and what cannot be pushed from here: it refreshes by itself.
  await ctx.salesSignal.bump();
  if (body.value.shifts === undefined) return reply(200, { differing });
  return reply(200, { differing, missingShifts: await missingShifts(ctx.db, req.till.id, body.value.shifts) });
}

async function held(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, heldSalesQuerySchema, req.tolerant);
  if (!body.ok) return body.reply;
  return reply(200, await heldSales(ctx.db, req.till.id, body.value.day, body.value.after));
}

async function shifts(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, shiftsBatchSchema, req.tolerant);
  if (!body.ok) return body.reply;
  const ack = await ctx.db.transaction((tx) => pushShifts(tx, req.till.id, body.value.shifts, ctx.now()));
  if (ack.stored > 0) await ctx.salesSignal.bump();
  return reply(200, ack);
}

/** A till's shop-wide settings (the seller, the numbering authorisation…): kept as it sent them, and fed to every till. */
/** Permits from the shop's one budget for an invoicing account (issue 28): one transaction, the account's row locked. */
async function rateLease(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, rateLeaseRequestSchema);
  if (!body.ok) return body.reply;
  const lease = await ctx.db.transaction((tx) => leaseRate(tx, req.till.id, body.value, ctx.now()));
  return reply(200, lease);
}

async function settings(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, shopSettingsPushSchema, req.tolerant);
  if (!body.ok) return body.reply;
  const saved = await ctx.db.transaction(async (tx) => {
    await takeFeedLock(tx);
    let changed = false;
    const results = [];
    for (const { key, value } of body.value.settings) {
      const outcome = await saveRecord(tx, 'setting', key, value, ctx.now());
      if (outcome.outcome === 'applied' && outcome.changed) changed = true;
      results.push({ key, version: outcome.version ?? 0 });
    }
    return { results, changed };
  });
  if (saved.changed) ctx.notifier.changed();
  return reply(200, { results: saved.results });
}

async function upload(ctx: TillRouteContext, req: TillRequest): Promise<Reply> {
  const body = parseBody(req.body, shopUploadSchema, req.tolerant);
  if (!body.ok) return body.reply;
  const outcome = await ctx.db.transaction((tx) => uploadShop(tx, body.value, ctx.now()));
  if (!outcome.ok) {
    return refusal(409, 'shop_not_empty', 'this server already holds another shop\'s catalog, customers or people; nothing was uploaded');
  }
  if (outcome.stored > 0) ctx.notifier.changed();
  return reply(200, { stored: outcome.stored, cursor: outcome.cursor });
}
