/**
 * npm run bench:webhook-flood — a started shop server (PGlite) with its webhook listener, flooded with 10 000 events
 * in about 20 s (half forged), while a paired till asks its feed and health: the till's latency before and during
 * the flood (p50/p95/p99), what the flood got back, and the server process's memory. 127.0.0.1 only, bounded.
 */
import { flood, percentile, startFloodRig } from '../support/webhook-flood';

const total = Number(process.env.FLOOD_TOTAL ?? 10_000);
const seconds = Number(process.env.FLOOD_SECONDS ?? 20);
const rig = await startFloodRig();
try {
  const quietTill: number[] = [];
  // The till alone for ~5 s (no webhook traffic) as the baseline.
  const end = Date.now() + 5_000;
  while (Date.now() < end) {
    const t0 = performance.now();
    await rig.till.call('GET', '/v1/changes?since=0');
    quietTill.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const r = await flood(rig, { total, seconds });
  const f = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`webhook flood: ${r.sent} deliveries (${r.signedSent} signed, ${r.forgedSent} forged) in ${(r.durationMs / 1000).toFixed(1)} s`
    + ` (${Math.round(r.sent / (r.durationMs / 1000))}/s); answers ${JSON.stringify(r.byStatus)}; unanswered ${r.unanswered}`);
  console.log(`till alone (feed GET): p50 ${f(percentile(quietTill, 50))}, p95 ${f(percentile(quietTill, 95))}, p99 ${f(percentile(quietTill, 99))} (${quietTill.length} requests)`);
  console.log(`till during the flood (feed GET): p50 ${f(percentile(r.feedLatencies, 50))}, p95 ${f(percentile(r.feedLatencies, 95))}, p99 ${f(percentile(r.feedLatencies, 99))} (${r.feedLatencies.length} requests)`);
  console.log(`till during the flood (feed GET and health): p50 ${f(percentile(r.tillLatencies, 50))}, p95 ${f(percentile(r.tillLatencies, 95))}, `
    + `p99 ${f(percentile(r.tillLatencies, 99))}, max ${f(Math.max(...r.tillLatencies))} (${r.tillRequests} requests, ${r.tillFailures.length} failed)`);
  console.log(`server process memory (RSS): ${Math.round(r.rssBeforeKb / 1024)} MB before, ${Math.round(r.rssMaxKb / 1024)} MB at most during the flood`);
} finally {
  await rig.close();
}
