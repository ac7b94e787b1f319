/**
 * Where a drain's time and requests go, from the client's own record of every request (InvoicingApi's
 * `onRequest`). Each moment of the run is one of:
 * - window: some request waits for the rate limiter (the budget of the rolling window is spent) — the limit
 *   is the bottleneck, which is what a drain should look like;
 * - service: requests are in flight and none is held back — the service's answer time (its CPU, here the
 *   sandbox's signing on a shared machine) or our concurrency is the bottleneck;
 * - idle: nothing in flight and nothing held — the engine waits by its own schedule (the validation delay,
 *   the gap before a poll).
 */
import type { RequestKind, RequestRecord } from '../../common/invoicing/invoicing-api';

export interface RateAccount {
  byKind: Record<RequestKind, number>;
  /** Milliseconds of the run in each state (they add up to the run). */
  windowMs: number;
  serviceMs: number;
  idleMs: number;
  /** Requests started in each window of the limit, counted from the first start. */
  perWindow: number[];
  /** From the last create's answer to the end of the run (validation delay + waiting for the poll). */
  tailMs: number;
  /** Request time (start to answer): how quick the service was. */
  latencyP50Ms: number;
  latencyP95Ms: number;
}

export function accountRequests(records: readonly RequestRecord[], startMs: number, endMs: number, windowMs: number): RateAccount {
  const byKind: Record<RequestKind, number> = { token: 0, ranges: 0, create: 0, document: 0, list: 0 };
  const events: Array<{ at: number; held: number; flying: number }> = [];
  for (const r of records) {
    byKind[r.kind]++;
    events.push({ at: r.askedAt, held: 1, flying: 0 }, { at: r.startedAt, held: -1, flying: 1 }, { at: r.finishedAt, held: 0, flying: -1 });
  }
  events.sort((a, b) => a.at - b.at || b.flying - a.flying);
  const spent = { window: 0, service: 0, idle: 0 };
  let held = 0;
  let flying = 0;
  let t = startMs;
  const credit = (until: number) => {
    const span = Math.max(0, Math.min(until, endMs) - Math.max(t, startMs));
    if (held > 0) spent.window += span;
    else if (flying > 0) spent.service += span;
    else spent.idle += span;
  };
  for (const e of events) {
    credit(e.at);
    t = Math.max(t, e.at);
    held += e.held;
    flying += e.flying;
  }
  credit(endMs);

  const starts = records.map((r) => r.startedAt).sort((a, b) => a - b);
  const first = starts[0] ?? startMs;
  const perWindow: number[] = [];
  for (const s of starts) {
    const k = Math.floor((s - first) / windowMs);
    while (perWindow.length <= k) perWindow.push(0);
    perWindow[k] = (perWindow[k] ?? 0) + 1;
  }
  const lastCreate = Math.max(...records.filter((r) => r.kind === 'create').map((r) => r.finishedAt), startMs);
  const latencies = records.map((r) => r.finishedAt - r.startedAt).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    byKind, windowMs: Math.round(spent.window), serviceMs: Math.round(spent.service), idleMs: Math.round(spent.idle),
    perWindow, tailMs: Math.round(endMs - lastCreate), latencyP50Ms: pct(0.5), latencyP95Ms: pct(0.95),
  };
}
