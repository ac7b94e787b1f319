/**
 * The owner's back office at the shop server, from a paired till (issue 21; shared/shop/back-office.ts): the
 * session is opened by a request signed with the till's key (the server checks the owner's PIN), every later read
 * carries the session's bearer token. Same pinned transport, deadlines and answer checks as the till's own client.
 */
import {
  changesSignalSchema, DASHBOARD_WITH_FEED_ASIDE, DASHBOARD_WITH_INVOICING, dashboardSchema, dayReportSchema, saleDetailSchema, salesPageSchema, sessionRequestSchema,
  sessionResponseSchema, type Dashboard, type DayReport, type SaleDetail, type SalesPage, type SalesQuery, type SessionResponse,
} from '../../../shared/shop/back-office';
import { SHOP_LIMITS } from '../../../shared/shop/contract';
import { z } from 'zod';
import { caller, DEFAULT_SHOP_TIMEOUTS, tillSigner, type ShopClientOptions, type SignedShopClientOptions } from './shop-client';
import { backOfficeRecordsClient, type BackOfficeRecordsClient } from './back-office-records-client';

const ended = z.object({ ended: z.boolean() }).passthrough();

/** Opens a session: one try (a wrong PIN is counted by the server; the owner types it again). */
export async function openBackOfficeSession(opts: SignedShopClientOptions, body: { personKey: string; pin: string }): Promise<SessionResponse> {
  // Signed at the server's time as this till knows it (the shop link's clock), like every request of the till.
  const call = caller(opts, tillSigner(opts));
  return call('POST', '/v1/back-office/session', sessionRequestSchema.parse(body), sessionResponseSchema, { retry: false });
}

export interface BackOfficeClient extends BackOfficeRecordsClient {
  sales(query: SalesQuery): Promise<SalesPage>;
  sale(referenceCode: string): Promise<SaleDetail>;
  dayReport(date: string): Promise<DayReport>;
  dashboard(): Promise<Dashboard>;
  /** Long-poll: answers when a till pushes something new after `since`, or after `waitSeconds`. */
  waitForChange(since: string | undefined, waitSeconds: number, signal?: AbortSignal): Promise<{ version: string; changed: boolean }>;
  end(): Promise<void>;
}

/** Reads with a session's token; the token stays in this closure (the core's memory), never on disk or on screen. */
export function backOfficeClient(opts: ShopClientOptions, token: string): BackOfficeClient {
  const call = caller(opts, () => `Bearer ${token}`);
  const grace = { ...DEFAULT_SHOP_TIMEOUTS, ...opts.timeouts }.longPollGraceMs;
  const query = (q: SalesQuery): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(q)) if (value !== undefined && value !== '') params.set(key, String(value));
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  return {
    ...backOfficeRecordsClient(call),
    sales: (q) => call('GET', `/v1/back-office/sales${query(q)}`, undefined, salesPageSchema),
    sale: (ref) => call('GET', `/v1/back-office/sales/${encodeURIComponent(ref)}`, undefined, saleDetailSchema),
    dayReport: (date) => call('GET', `/v1/back-office/day-report?date=${encodeURIComponent(date)}`, undefined, dayReportSchema),
    // Issue 27: this till reads the feed records each till set aside (a server before it ignores the query).
    dashboard: () => call('GET', `/v1/back-office/dashboard?with=${DASHBOARD_WITH_FEED_ASIDE}&with=${DASHBOARD_WITH_INVOICING}`, undefined, dashboardSchema),
    waitForChange(since, waitSeconds, signal) {
      const wait = Math.max(0, Math.min(SHOP_LIMITS.maxWaitSeconds, Math.floor(waitSeconds)));
      const from = since === undefined ? '' : `since=${encodeURIComponent(since)}&`;
      return call('GET', `/v1/back-office/changes?${from}wait=${wait}`, undefined, changesSignalSchema, {
        timeoutMs: wait * 1000 + grace, retry: false, ...(signal ? { signal } : {}),
      });
    },
    async end() {
      await call('DELETE', '/v1/back-office/session', undefined, ended, { retry: false });
    },
  };
}
