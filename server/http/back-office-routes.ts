/**
 * The owner's back office at the server (issue 21; shared/shop/back-office.ts). A session is opened with an owner's
 * PIN from a paired till (a signed request) or on the server's machine with the admin token; every other route
 * needs `Authorization: Bearer <session token>`. Refusals: 401 `pin_refused` / `session_required` /
 * `session_expired`, 429 `pin_paused` with Retry-After, 400 `invalid_request` with the field, 404 `not_found`.
 */
import type { IncomingMessage } from 'node:http';
import {
  changesSignalQuerySchema, DASHBOARD_WITH_FEED_ASIDE, DASHBOARD_WITH_INVOICING, dayReportQuerySchema, salesQuerySchema, sessionRequestSchema,
} from '../../shared/shop/back-office';
import { referenceCodeSchema } from '../../shared/shop/contract';
import type { BackOfficeSessions } from '../back-office/sessions';
import type { Database } from '../db/adapter';
import { dashboard } from '../store/dashboard';
import { readShopInvoicing } from '../confirm/shop-invoicing';
import { dayReport } from '../store/day-report';
import { saleDetail, searchSales } from '../store/sale-history';
import { checkValue, parseBody, refusal, reply, type Reply } from './io';
import type { SalesSignal } from './sales-signal';
import { handleRecords } from './back-office-record-routes';
import type { ChangeNotifier } from './change-notifier';

export interface BackOfficeContext { db: Database; sessions: BackOfficeSessions; signal: SalesSignal; now: () => number; notifier: ChangeNotifier }

export const BACK_OFFICE_PREFIX = '/v1/back-office/';
export const SESSION_PATH = '/v1/back-office/session';

/** Opens a session for the person and PIN in the body (the caller is already a signed till or the admin). */
export async function openSession(ctx: BackOfficeContext, body: Buffer): Promise<Reply> {
  const parsed = parseBody(body, sessionRequestSchema);
  if (!parsed.ok) return parsed.reply;
  const outcome = await ctx.sessions.open(parsed.value.personKey, parsed.value.pin);
  if (outcome.ok) return reply(200, { token: outcome.token, expiresAt: outcome.expiresAt, person: outcome.person });
  if (outcome.code === 'pin_paused') {
    const seconds = Math.max(1, Math.ceil((outcome.until - ctx.now()) / 1000));
    return refusal(429, 'pin_paused', `too many wrong PINs: PIN checks are paused until ${new Date(outcome.until).toISOString()}`,
      { until: outcome.until }, { 'Retry-After': String(seconds) });
  }
  return refusal(401, 'pin_refused', 'the PIN is not an active owner\'s PIN for that person');
}

const bearer = (req: IncomingMessage): string | null => {
  const match = /^Bearer\s+([A-Za-z0-9_-]{43})$/.exec(String(req.headers.authorization ?? '').trim());
  return match?.[1] ?? null;
};

/** Every back-office route but the opening of a session: the session first, then the route. */
export async function handleBackOffice(ctx: BackOfficeContext, req: IncomingMessage, url: URL, abort: AbortSignal): Promise<Reply> {
  const method = req.method ?? 'GET';
  const token = bearer(req);
  const checked = await ctx.sessions.check(token);
  if (!checked.ok) {
    const message = checked.code === 'session_required' ? 'open a back-office session with an owner\'s PIN first' : 'the back-office session has ended; type the PIN again';
    return refusal(401, checked.code, message, {}, { 'WWW-Authenticate': 'Bearer' });
  }
  const path = url.pathname;
  const query = Object.fromEntries(url.searchParams);
  if (path === SESSION_PATH && method === 'DELETE') {
    await ctx.sessions.end(token!);
    return reply(200, { ended: true });
  }
  const records = await handleRecords(ctx, req, method, url);
  if (records) return records;
  if (method !== 'GET') return refusal(405, 'method_not_allowed', 'use GET', {}, { Allow: 'GET' });
  if (path === `${BACK_OFFICE_PREFIX}sales`) {
    const q = checkValue(query, salesQuerySchema, 'query');
    if (!q.ok) return q.reply;
    return reply(200, await searchSales(ctx.db, q.value));
  }
  if (path.startsWith(`${BACK_OFFICE_PREFIX}sales/`)) {
    const ref = checkValue(decodeURIComponent(path.slice(`${BACK_OFFICE_PREFIX}sales/`.length)), referenceCodeSchema, 'reference');
    if (!ref.ok) return ref.reply;
    const detail = await saleDetail(ctx.db, ref.value);
    return detail ? reply(200, detail) : refusal(404, 'not_found', `no sale ${ref.value}`);
  }
  if (path === `${BACK_OFFICE_PREFIX}day-report`) {
    const q = checkValue(query, dayReportQuerySchema, 'query');
    if (!q.ok) return q.reply;
    return reply(200, await dayReport(ctx.db, q.value.date));
  }
  if (path === `${BACK_OFFICE_PREFIX}dashboard`) {
    const wanted = url.searchParams.getAll('with');
    const board = await dashboard(ctx.db, ctx.now(), { withFeedAside: wanted.includes(DASHBOARD_WITH_FEED_ASIDE) });
    // Issue 28: the shop's invoicing traffic, only to a reader that asks for it (an older till's schema is strict).
    return reply(200, wanted.includes(DASHBOARD_WITH_INVOICING) ? { ...board, invoicing: await readShopInvoicing(ctx.db, ctx.now()) } : board);
  }
  if (path === `${BACK_OFFICE_PREFIX}changes`) {
    const q = checkValue(query, changesSignalQuerySchema, 'query');
    if (!q.ok) return q.reply;
    return reply(200, await ctx.signal.waitPast(q.value.since, (q.value.wait ?? 0) * 1000, abort));
  }
  return refusal(404, 'not_found', 'no such back-office route');
}
