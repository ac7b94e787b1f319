/**
 * A webhook flood against a started shop server (`npm run server -- --webhooks-listen …`, its own process, PGlite),
 * while a paired till keeps asking its feed (signed GET /v1/changes, through the database) and /v1/health on the
 * tills' port. The webhooks are configured the sandbox's way (a real registration at a real sandbox, the secret in
 * the real keychain) before the server starts; the flood mixes deliveries signed with that secret and forgeries.
 * Every loop is bounded in count and time; everything is on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { pgliteDir } from '../../server/data-dir';
import { openStore } from '../../server/open-store';
import { readShop } from '../../server/store/shop';
import { osWebhookKeychain } from '../../server/webhooks/keychain';
import { WebhookSettings } from '../../server/webhooks/settings';
import { freePort, startShopServerProcess, type ShopServerProcess } from './shop-server-process';
import { ShopTill } from './shop-till';
import { sandboxAccess, serviceEvent, signed } from './webhook-rig';

export interface FloodRig {
  server: ShopServerProcess;
  till: ShopTill;
  hookUrl: string;
  secret: string;
  close(): Promise<void>;
}

export async function startFloodRig(): Promise<FloodRig> {
  const sb: RunningSandbox = await startSandbox({ validationDelayMs: 0 });
  const hooksPort = await freePort();
  const server = await startShopServerProcess({ args: ['--webhooks-listen', `127.0.0.1:${hooksPort}`] });
  const keychain = osWebhookKeychain();
  let shopId = '';
  try {
    await server.stop();
    // Configured as `webhooks set --adapter sandbox` does, on the stopped server's own store.
    const db = await openStore({ pgliteDir: pgliteDir(server.dataDir) });
    let hookUrl: string;
    try {
      const settings = new WebhookSettings({ db, keychain, now: Date.now, serviceAccess: async () => sandboxAccess(sb) });
      hookUrl = (await settings.set({ adapter: 'sandbox', publicUrl: `http://127.0.0.1:${hooksPort}` })).hookUrl;
      shopId = (await readShop(db)).id;
    } finally {
      await db.close();
    }
    const secret = (await keychain.read(shopId))!.signingSecret!;
    await server.start();
    const till = new ShopTill(server.url);
    const paired = await till.pair(await server.pairWithCli());
    if (paired.status !== 200) throw new Error(`pairing: HTTP ${paired.status}`);
    return {
      server, till, hookUrl, secret,
      async close() {
        await server.dispose();
        await keychain.remove(shopId).catch(() => {});
        await sb.close();
      },
    };
  } catch (error) {
    await server.dispose();
    if (shopId) await keychain.remove(shopId).catch(() => {});
    await sb.close();
    throw error;
  }
}

export interface FloodResult {
  sent: number;
  signedSent: number;
  forgedSent: number;
  byStatus: Record<string, number>;
  /** Deliveries that got no answer at all (connection error or timeout). */
  unanswered: number;
  durationMs: number;
  tillRequests: number;
  tillFailures: string[];
  /** Latency of the till's requests (ms) during the flood, in order; and of its feed requests alone (signed, database). */
  tillLatencies: number[];
  feedLatencies: number[];
  rssBeforeKb: number;
  rssMaxKb: number;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/**
 * Sends `total` deliveries over about `seconds` (`forgedShare` of them forged), at most `maxInFlight` at once, and
 * stops at `seconds` × 3 whatever happens; meanwhile the till asks its feed and the health route in turn.
 */
export async function flood(rig: FloodRig, opts: { total: number; seconds: number; forgedShare?: number; maxInFlight?: number; documents?: number }): Promise<FloodResult> {
  const url = new URL(rig.hookUrl);
  const pool = new Pool(url.origin, { connections: 32 });
  const forgedShare = opts.forgedShare ?? 0.5;
  const maxInFlight = opts.maxInFlight ?? 128;
  const documents = opts.documents ?? 500;
  const pid = rig.server.pid();
  const result: FloodResult = {
    sent: 0, signedSent: 0, forgedSent: 0, byStatus: {}, unanswered: 0, durationMs: 0,
    tillRequests: 0, tillFailures: [], tillLatencies: [], feedLatencies: [], rssBeforeKb: rssKb(pid), rssMaxKb: 0,
  };
  result.rssMaxKb = result.rssBeforeKb;
  const started = Date.now();
  const hardStop = started + opts.seconds * 3_000;
  let flooding = true;

  const rss = setInterval(() => { result.rssMaxKb = Math.max(result.rssMaxKb, rssKb(pid)); }, 250);
  const tillLoop = (async () => {
    let i = 0;
    while (flooding && Date.now() < hardStop) {
      const t0 = performance.now();
      try {
        const feed = i++ % 2 === 0;
        const answer = feed ? await rig.till.call('GET', '/v1/changes?since=0') : await rig.till.raw('GET', '/v1/health');
        result.tillLatencies.push(performance.now() - t0);
        if (feed) result.feedLatencies.push(performance.now() - t0);
        if (answer.status !== 200) result.tillFailures.push(`HTTP ${answer.status}`);
      } catch (error) {
        result.tillFailures.push(error instanceof Error ? error.message : String(error));
      }
      result.tillRequests += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  let inFlight = 0;
  const sends: Promise<void>[] = [];
  const sendOne = (n: number) => {
    const forged = n % Math.round(1 / forgedShare) === 0;
    const event = serviceEvent(`doc-${n % documents}`, 'VALIDATED');
    const delivery = signed(forged ? `whsec_forged_${randomUUID()}` : rig.secret, event);
    if (forged) result.forgedSent += 1; else result.signedSent += 1;
    result.sent += 1;
    inFlight += 1;
    sends.push(pool.request({ path: url.pathname, method: 'POST', headers: delivery.headers, body: delivery.body, headersTimeout: 10_000, bodyTimeout: 10_000 })
      .then(async (res) => {
        await res.body.dump();
        result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
      })
      .catch(() => { result.unanswered += 1; })
      .finally(() => { inFlight -= 1; }));
  };
  while (result.sent < opts.total && Date.now() < hardStop) {
    const due = Math.min(opts.total, Math.ceil(((Date.now() - started) / (opts.seconds * 1000)) * opts.total));
    while (result.sent < due && inFlight < maxInFlight) sendOne(result.sent);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(sends);
  result.durationMs = Date.now() - started;
  flooding = false;
  await tillLoop;
  clearInterval(rss);
  result.rssMaxKb = Math.max(result.rssMaxKb, rssKb(pid));
  await pool.close();
  return result;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
