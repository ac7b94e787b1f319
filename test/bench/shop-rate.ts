/**
 * `npm run bench:shop-rate [-- --scale 1 --sales 250 --tills 4 --runs all|baseline|shop|till-kill|server-kill]`
 * (streams: `--stream-rate R --stream-count N`, `--stagger` to interleave the tills' sales, `--service-delay-max-ms M`
 * for a service that takes between 2 s and M ms per document):
 * one invoicing account for the whole shop (issue 28). `tills` tills, each with its own data file and `sales` sales
 * waiting after an outage, on one client id, against the sandbox at the service's real limit (300 per window; the
 * window is a real minute at scale 1):
 *   - baseline: the tills on their own, each believing the whole budget is its own (what a shop had before);
 *   - shop: paired with one shop server, every request under a permit from the shop's one budget;
 *   - till-kill: the same, with till 1 SIGKILLed mid-drain and restarted on its file;
 *   - server-kill: the same, with the shop server SIGKILLed mid-drain and started again a window later;
 *   - confirm, confirm-till-kill, confirm-server-kill: the same three with the server confirming for the whole shop
 *     (its service credentials set with `service-account set`; the tills hand their documents over and apply the
 *     outcomes the feed relays);
 *   - stream: the server confirming, each till charging a steady stream (`--stream-rate` per second, `--stream-count`
 *     sales): requests per validated invoice for the whole shop, and charge → validated at the till (p50/p95);
 *   - stream-own: the same stream with each till confirming its own documents (for comparison);
 *   - stream-webhooks: the same with the service's webhooks heard at the server (`--webhooks-listen`, registered at
 *     the sandbox with `webhooks set --adapter sandbox`).
 * Prints per run the most requests the service saw in any window, the 429s, how close to the limit the shop drained,
 * duplicates and losses (sales not validated), then one line of JSON.
 */
import { describeFigures, drainRatio, runShopTills, runTwoTills, setServiceAccountAt, setWebhooksAt, type RateFigures } from '../reliability/rate-harness';
import { freePort } from '../support/shop-server-process';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? String(process.argv[i + 1]) : fallback;
};
const SCALE = Number(arg('scale', '1'));
const SALES = Number(arg('sales', '250'));
const TILLS = Number(arg('tills', '4'));
const RUNS = arg('runs', 'all');
const STREAM_RATE = Number(arg('stream-rate', '1'));
const STREAM_COUNT = Number(arg('stream-count', '60'));
const STAGGER = process.argv.includes('--stagger');
const DELAY_MAX = process.argv.includes('--service-delay-max-ms') ? Number(arg('service-delay-max-ms', '0')) : undefined;
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number);
};
const base = { serviceLimit: 300, windowMs: Math.round(60_000 / SCALE), ...(DELAY_MAX !== undefined ? { serviceDelayMaxMs: DELAY_MAX } : {}) };
const log = (line: string) => process.stderr.write(`${line}\n`);
const want = (name: string) => RUNS === 'all' || RUNS.split(',').includes(name);

const runs: Array<RateFigures & { name: string; ratio: number; shown?: { p50: number; p95: number; n: number } }> = [];
const record = (name: string, f: RateFigures & { shownMs?: number[] }) => {
  const shown = f.shownMs && f.shownMs.length > 0 ? { p50: quantile(f.shownMs, 0.5), p95: quantile(f.shownMs, 0.95), n: f.shownMs.length } : undefined;
  const { shownMs: _shown, ...figures } = f;
  runs.push({ ...figures, name, ratio: Number(drainRatio(f, base).toFixed(3)), ...(shown ? { shown } : {}) });
  console.log(`${describeFigures(f, base)}${shown ? `, charge → validated p50 ${shown.p50} ms, p95 ${shown.p95} ms (${shown.n} sales)` : ''}`);
};
const confirming = { confirm: true, prepareServer: setServiceAccountAt };
if (want('baseline')) record('baseline', await runTwoTills({ ...base, salesPerTill: SALES, share: 1, tills: TILLS }));
if (want('shop')) record('shop', await runShopTills({ ...base, salesPerTill: SALES, tills: TILLS, log }));
if (want('till-kill')) record('till-kill', await runShopTills({ ...base, salesPerTill: SALES, tills: TILLS, killTillAfter: 60, log }));
if (want('server-kill')) {
  record('server-kill', await runShopTills({ ...base, salesPerTill: SALES, tills: TILLS, killServerAfterMs: Math.round(base.windowMs / 2), serverAwayMs: base.windowMs, log }));
}
if (want('confirm')) record('confirm', await runShopTills({ ...base, ...confirming, salesPerTill: SALES, tills: TILLS, log }));
if (want('confirm-till-kill')) record('confirm-till-kill', await runShopTills({ ...base, ...confirming, salesPerTill: SALES, tills: TILLS, killTillAfter: 60, log }));
if (want('confirm-server-kill')) {
  record('confirm-server-kill', await runShopTills({ ...base, ...confirming, salesPerTill: SALES, tills: TILLS, killServerAfterMs: Math.round(base.windowMs / 2), serverAwayMs: base.windowMs, log }));
}
if (want('stream-own')) {
  // The comparison: the same stream with each till confirming its own documents (the shop's budget, no confirmations).
  record('stream-own', await runShopTills({ ...base, salesPerTill: 0, tills: TILLS, stream: { rate: STREAM_RATE, count: STREAM_COUNT, stagger: STAGGER }, log }));
}
if (want('stream')) {
  record('stream', await runShopTills({ ...base, ...confirming, salesPerTill: 0, tills: TILLS, stream: { rate: STREAM_RATE, count: STREAM_COUNT, stagger: STAGGER }, log }));
}
if (want('stream-webhooks')) {
  const hookPort = await freePort();
  record('stream-webhooks', await runShopTills({
    ...base, ...confirming, salesPerTill: 0, tills: TILLS, stream: { rate: STREAM_RATE, count: STREAM_COUNT, stagger: STAGGER }, log,
    serverArgs: ['--webhooks-listen', `127.0.0.1:${hookPort}`],
    prepareServer: async (server, sb) => {
      await setServiceAccountAt(server, sb);
      await setWebhooksAt(server, `http://127.0.0.1:${hookPort}`);
    },
  }));
}

const shopRuns = runs.filter((r) => r.name !== 'baseline');
const ok = shopRuns.every((r) => r.maxInWindow <= base.serviceLimit && r.drained && r.notValidated === 0)
  && shopRuns.filter((r) => r.name === 'shop').every((r) => r.http429 === 0);
console.log(ok ? 'targets met (≤ 300 per window and nothing lost with the shop budget; 0 × 429 without kills)' : 'TARGETS MISSED');
// Issue 28 asks ≥ 0.95: with each till still confirming its own documents (≈ 1.4 requests per sale), the budget alone
// cannot reach it; the server's confirmations for the whole shop are the rest of the issue.
for (const r of shopRuns) console.log(`${r.name}: drained at ${r.ratio} of the limit (issue 28's target 0.95)`);
console.log(JSON.stringify({ bench: 'shop-rate', limit: base.serviceLimit, window_ms: base.windowMs, scale: SCALE, tills: TILLS, sales_per_till: SALES, runs }));
process.exit(ok ? 0 : 1);
