/**
 * The tills heal the server (issue 25): one round of comparing this till's per-day digests of what the server
 * acknowledged (count, Σ revision; shared/shop/contract.ts) with the server's. For the days that differ it reads which
 * references the server holds and makes due again what the server lacks or holds at an older revision; the push loop
 * sends them as it sends any sale. Closed shifts (with their Z) the server lacks are pushed again the same way. Bounded: a year of days in one request (400 a request), at most 31 differing days
 * and 10 pages of references a day looked into per round (the next round, right after the resent sales drain, goes on).
 */
import { SHOP_AUDIT, type AuditDay } from '../../../shared/shop/contract';
import type { Store } from '../store';
import type { ShopClient } from './shop-client';

const DAYS_PER_ROUND = 31;
const HELD_PAGES = 10;

export interface AuditRound {
  differingDays: number;
  /** Sales and closed shifts the server lacked (or held older), made due again. */
  pushedAgain: number;
  shiftsPushedAgain: number;
  /** What it cost: requests made and JSON bytes sent and received (bodies only). */
  requests: number;
  bytesSent: number;
  bytesReceived: number;
}

export async function compareWithServer(store: Store, client: Pick<ShopClient, 'audit' | 'held'>): Promise<AuditRound> {
  const cost = { requests: 0, bytesSent: 0, bytesReceived: 0 };
  const measured = async <T>(body: unknown, call: Promise<T>): Promise<T> => {
    const answer = await call;
    cost.requests += 1;
    cost.bytesSent += JSON.stringify(body).length;
    cost.bytesReceived += JSON.stringify(answer).length;
    return answer;
  };
  const days = store.acknowledgedDays();
  const unsendable = {
    count: store.unsendableSalesCount(),
    sales: store.unsendableSales(SHOP_AUDIT.unsendableListed).map(({ saleId: _s, at: _a, ...sale }) => sale),
  };
  const shifts = store.acknowledgedShifts(SHOP_AUDIT.shiftsPerRequest);
  const differing: AuditDay[] = [];
  const missingShifts: number[] = [];
  // At least one request, also with no day to compare: it tells the server what this till cannot push. The first
  // request asks about the shifts too.
  for (let i = 0; i === 0 || i < days.length; i += SHOP_AUDIT.daysPerRequest) {
    const body = { days: days.slice(i, i + SHOP_AUDIT.daysPerRequest), unsendable, ...(i === 0 ? { shifts } : {}) };
    const answer = await measured(body, client.audit(body));
    differing.push(...answer.differing);
    missingShifts.push(...(answer.missingShifts ?? []));
  }
  const known = new Set(shifts);
  const shiftsAgain = missingShifts.filter((id) => known.has(id));
  if (shiftsAgain.length > 0) store.pushShiftsAgain(shiftsAgain);
  let pushedAgain = 0;
  for (const day of differing.slice(0, DAYS_PER_ROUND)) {
    const held = new Map<string, number>();
    let after: string | undefined;
    for (let page = 0; page < HELD_PAGES; page++) {
      const body = after ? { day: day.day, after } : { day: day.day };
      const answer = await measured(body, client.held(body));
      for (const s of answer.sales) held.set(s.referenceCode, s.revision);
      if (!answer.more || answer.sales.length === 0) break;
      after = answer.sales.at(-1)!.referenceCode;
    }
    const again = store.acknowledgedOfDay(day.day).filter((s) => (held.get(s.referenceCode) ?? 0) < s.revision).map((s) => s.saleId);
    if (again.length > 0) store.pushAgain(again);
    pushedAgain += again.length;
  }
  return { differingDays: differing.length, pushedAgain, shiftsPushedAgain: shiftsAgain.length, ...cost };
}
