/**
 * One invoicing account for the whole shop (issue 28): the tills' permits (electron/core/shop/rate-permits.ts, with a
 * real signed client) against the real shop server on PGlite over HTTP. Two tills on one client id never start more
 * requests than the shop's budget in any window; a 429 at one till cuts the whole shop's budget; a second server on
 * the same database grants from the same window; with the server away a till goes on its own share of the tills
 * that were active, and says so.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../common/invoicing/rate-limiter';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopClient, type ShopClient } from '../../../electron/core/shop/shop-client';
import { createRatePermits, rateAccountKey, type RatePermits } from '../../../electron/core/shop/rate-permits';
import { RATE_LEASE } from '../../../shared/shop/rate-lease-rule';
import { ShopError } from '../../../electron/core/shop/shop-error';
import { startShopServer } from '../../../server/server';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';
import { busiestWindow } from '../../support/busiest-window';
import { memoryCredentials } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

const ACCOUNT = rateAccountKey('https://api.example.test/', 'client-of-the-shop');
const LIMIT = 24;
const WINDOW = 2_000;
let named = 0;

let harness: Harness | null = null;
const opened: Store[] = [];
const permitSets: RatePermits[] = [];
afterEach(async () => {
  for (const p of permitSets.splice(0)) await p.close();
  for (const s of opened.splice(0)) s.close();
  await harness?.close();
  harness = null;
});

/** Paired at the harness's server; its requests go to `url` (another server process on the same database). */
async function pairedClient(h: Harness, name: string, url = h.server.url): Promise<{ client: ShopClient; url: string }> {
  const s = openStore({ path: ':memory:', now: Date.now });
  opened.push(s);
  const { body } = await h.admin('POST', '/admin/pairing');
  const { record, key } = await pairTill({ store: s, credentials: memoryCredentials(), now: Date.now }, { serverUrl: h.server.url, code: String(body.code), tillName: name });
  return { client: createShopClient({ baseUrl: url, pin: record.pin, tillId: record.tillId, privateKey: key.privateKey, retry: { attempts: 1 } }), url };
}

function permitsFor(client: () => ShopClient | null, settingShare = 1, retryServerMs = 60_000, maxWaitMs = 2_000): RatePermits & { modes: string[] } {
  const modes: string[] = [];
  const permits = createRatePermits({
    client, account: ACCOUNT, limit: LIMIT, windowMs: WINDOW, now: Date.now, serverNow: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)), settingShare: () => settingShare, askTimeoutMs: 1_000, retryServerMs, maxWaitMs,
    onModeChange: (m) => modes.push(m.kind === 'shop' ? `shop:${m.activeTills}` : `own:${m.reason}:${m.share}`),
  });
  permitSets.push(permits);
  return Object.assign(permits, { modes });
}

/** Takes permits as fast as they come for `ms`, each "request" taking `workMs`; returns each permit's start time. */
async function sendFor(permits: RatePermits, ms: number, workMs = 5, rateLimitedAt?: number): Promise<number[]> {
  const starts: number[] = [];
  const end = Date.now() + ms;
  for (let i = 0; Date.now() < end && i < 10_000; i++) {
    const permit = await permits.take();
    if (permit.from !== 'shop') break;
    starts.push(Date.now());
    await new Promise((r) => setTimeout(r, workMs));
    permit.done({ rateLimited: i === rateLimitedAt });
  }
  return starts;
}

/**
 * Sends as the invoicing client does (common/invoicing/invoicing-api.ts): the till's own limiter at `permits.ownShare()`
 * admits the request, then a permit is taken; `count` requests at most, for `ms` at most. Returns each start time.
 */
async function sendThroughLimiter(permits: RatePermits, limiter: ReturnType<typeof createRateLimiter>, o: { ms: number; count?: number; workMs?: number; paceMs?: number }): Promise<number[]> {
  const starts: number[] = [];
  const begin = Date.now();
  const end = begin + o.ms;
  for (let i = 0; Date.now() < end && i < (o.count ?? 10_000); i++) {
    // Paced for the first window (one request every `paceMs`); after it, as fast as the limiter lets them.
    const due = o.paceMs === undefined ? 0 : begin + i * o.paceMs - Date.now();
    if (due > 0 && Date.now() - begin < WINDOW) await new Promise((r) => setTimeout(r, due));
    const finished = await limiter.acquire();
    const permit = await permits.take();
    starts.push(Date.now());
    await new Promise((r) => setTimeout(r, o.workMs ?? 5));
    permit.done();
    finished();
  }
  return starts;
}

const limiterFor = (permits: RatePermits) => createRateLimiter({
  limit: LIMIT, windowMs: WINDOW, now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), share: () => permits.ownShare(),
});

describe('the shop\'s one rate budget, kept by the server', () => {
  it('two tills on one client id start no more than the budget in any window, and both get their turn', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    const two = await pairedClient(harness, `Caja 2-${++named}`);
    const a = permitsFor(() => one.client);
    const b = permitsFor(() => two.client);
    const [startsA, startsB] = await Promise.all([sendFor(a, 3 * WINDOW), sendFor(b, 3 * WINDOW)]);
    const all = [...startsA, ...startsB];
    expect(busiestWindow(all, WINDOW)).toBeLessThanOrEqual(LIMIT);
    // Both tills sent, and the shop used its budget: more than one window's worth over three windows.
    expect(startsA.length).toBeGreaterThan(LIMIT / 4);
    expect(startsB.length).toBeGreaterThan(LIMIT / 4);
    expect(all.length).toBeGreaterThan(LIMIT);
    expect(a.mode()).toMatchObject({ kind: 'shop', activeTills: 2 });
    expect(a.ownShare()).toBe(1);
  });

  it('a 429 at one till halves the whole shop\'s budget; a second server on the same database grants from the same window', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    const a = permitsFor(() => one.client);
    // Till 1's third request is answered 429: reported with its lease, the shop's budget is cut.
    await sendFor(a, 600, 5, 2);
    await sendFor(a, 200);
    const { rows } = await harness.db.query<{ reduced: number | null; rate_limited: number }>('SELECT reduced, rate_limited FROM rate_budgets WHERE account_key = $1', [ACCOUNT]);
    expect(Number(rows[0]?.rate_limited)).toBe(1);
    expect(rows[0]?.reduced).not.toBeNull();
    expect(Number(rows[0]!.reduced)).toBeLessThanOrEqual(LIMIT / 2);

    // Another server process on the same database (the normal way to keep a service up): its tills share the window.
    const second = await startShopServer({ db: harness.db, host: '127.0.0.1', port: 0, tls: null, adminToken: harness.adminToken, now: Date.now, log: () => {} });
    try {
      const two = await pairedClient(harness, `Caja 2-${++named}`, second.url);
      const b = permitsFor(() => two.client);
      const startsB = await sendFor(b, WINDOW / 2);
      const startsA = await sendFor(a, WINDOW / 2);
      const budgetNow = Number((await harness.db.query<{ reduced: number }>('SELECT reduced FROM rate_budgets WHERE account_key = $1', [ACCOUNT])).rows[0]!.reduced);
      // Together, in one window, no more than the reduced budget (grown back a little at most) and what till 1 had already.
      expect(busiestWindow([...startsA, ...startsB], WINDOW)).toBeLessThanOrEqual(Math.ceil(budgetNow) + 2);
      expect(b.mode()).toMatchObject({ kind: 'shop' });
    } finally {
      await second.close();
    }
  });

  it('with the server away, a till goes on its own share of the tills that were active, says so, and never waits without end', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    const two = await pairedClient(harness, `Caja 2-${++named}`);
    let reachable = true;
    const a = permitsFor(() => (reachable ? one.client : one.client));
    const b = permitsFor(() => two.client);
    await Promise.all([sendFor(a, 300), sendFor(b, 300)]);
    expect(a.mode()).toMatchObject({ kind: 'shop', activeTills: 2 });

    await harness.close();
    harness = null;
    reachable = false;
    // The lease in hand is spent first; then the server does not answer: the till's own share, 1 of 2 tills.
    let permit = await a.take();
    for (let i = 0; i < 100 && permit.from === 'shop'; i++) {
      permit.done();
      permit = await a.take();
    }
    expect(permit.from).toBe('own');
    expect(a.mode()).toEqual({ kind: 'own', share: 0.5, reason: 'server-away' });
    // For a window after falling back, its own limiter keeps to no more than its half (and to what it sent under the
    // shop's permits, when that was less: the last test below).
    expect(a.ownShare()).toBeGreaterThan(0);
    expect(a.ownShare()).toBeLessThanOrEqual(0.5);
    expect(a.modes.at(-1)).toBe('own:server-away:0.5');
    // A till not paired at all keeps to the owner's setting.
    const unpaired = permitsFor(() => null, 0.25);
    expect((await unpaired.take()).from).toBe('own');
    expect(unpaired.mode()).toEqual({ kind: 'own', share: 0.25, reason: 'unpaired' });
  });

  it('a server from before issue 28 (stand-in client answering 404 to the lease route): the till keeps to its own part and says why', async () => {
    let asked = 0;
    const old = { rateLease: async () => { asked++; throw new ShopError('HTTP', 'the server answered 404 (not_found)', 404, 'not_found'); } } as unknown as ShopClient;
    const permits = permitsFor(() => old, 0.5);
    expect((await permits.take()).from).toBe('own');
    expect(permits.mode()).toEqual({ kind: 'own', share: 0.5, reason: 'server-old' });
    // Not asked again at every request: the next permit is the till's own at once.
    expect((await permits.take()).from).toBe('own');
    expect(asked).toBe(1);
  });

  it('back from an outage, a till tells the server what it sent on its own share, and the shop\'s window counts it', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    // The server unreachable: a real signed client at an address where nothing listens.
    const away = createShopClient({ baseUrl: 'http://127.0.0.1:1', pin: 'x'.repeat(64), tillId: 'f'.repeat(32), privateKey: generateKeyPairSync('ed25519').privateKey, retry: { attempts: 1 } });
    let current: ShopClient = away;
    const a = permitsFor(() => current, 1, 200);
    for (let i = 0; i < 10; i++) expect((await a.take()).from).toBe('own');
    expect(a.mode()).toMatchObject({ kind: 'own', reason: 'server-away' });

    current = one.client;
    await new Promise((r) => setTimeout(r, 250));
    const permit = await a.take();
    expect(permit.from).toBe('shop');
    const { rows } = await harness.db.query<{ granted: number; used: number | null }>(
      'SELECT granted, used FROM rate_leases WHERE account_key = $1 ORDER BY id', [ACCOUNT]);
    // The 10 sent on its own, counted as used and given back; then the lease it asked for, from what was left.
    expect(rows[0]).toEqual({ granted: 10, used: 10 });
    const held = rows.reduce((n, r) => n + Number(r.used ?? r.granted), 0);
    expect(held).toBeLessThanOrEqual(LIMIT);
  });

  it('handing back after an outage: a till back first keeps to its own share while another is still on its own, so the shop stays within the limit', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    const two = await pairedClient(harness, `Caja 2-${++named}`);
    // The server unreachable: a real signed client at an address where nothing listens.
    const away = createShopClient({ baseUrl: 'http://127.0.0.1:1', pin: 'x'.repeat(64), tillId: 'f'.repeat(32), privateKey: generateKeyPairSync('ed25519').privateKey, retry: { attempts: 1 } });
    let aBack = true;
    let bBack = true;
    const a = permitsFor(() => (aBack ? one.client : away), 1, 200);
    const b = permitsFor(() => (bBack ? two.client : away), 1, 200);
    const limitA = limiterFor(a);
    const limitB = limiterFor(b);
    const starts: number[] = [];
    // Both tills on the shop's budget (a request each, then again once their leases have expired), so each has heard
    // that two tills are active.
    for (let round = 0; round < 2; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, RATE_LEASE.ttlMs + 100));
      starts.push(...await sendThroughLimiter(b, limitB, { ms: 1_000, count: 1 }), ...await sendThroughLimiter(a, limitA, { ms: 1_000, count: 1 }));
    }
    expect(a.mode()).toMatchObject({ kind: 'shop', activeTills: 2 });
    expect(b.mode()).toMatchObject({ kind: 'shop', activeTills: 2 });

    // The server away for longer than its permits count: both tills send on their own half, as fast as it lets them,
    // spread over the window (as a till's requests are when it drains a backlog).
    aBack = false;
    bBack = false;
    const pace = { ms: 2.5 * WINDOW, paceMs: WINDOW / (LIMIT / 2) };
    for (const s of await Promise.all([sendThroughLimiter(a, limitA, pace), sendThroughLimiter(b, limitB, pace)])) starts.push(...s);
    expect(a.mode()).toMatchObject({ kind: 'own', share: 0.5, reason: 'server-away' });

    // Till 1 reaches the server again; till 2 not yet (it would ask again later) and keeps sending on its own half.
    aBack = true;
    for (const s of await Promise.all([sendThroughLimiter(a, limitA, { ms: 1.5 * WINDOW }), sendThroughLimiter(b, limitB, { ms: 1.5 * WINDOW })])) starts.push(...s);
    expect(a.mode()).toMatchObject({ kind: 'shop' });
    expect(b.mode()).toMatchObject({ kind: 'own', reason: 'server-away' });
    // Never more than the limit in any window, across the outage and the hand-back.
    expect(busiestWindow(starts, WINDOW)).toBeLessThanOrEqual(LIMIT);
    // Handing back: till 1 keeps to its half while till 2 may still be on its own.
    expect(a.ownShare()).toBe(0.5);
  });

  it('falling back when the server goes away: a till that sent less than its part keeps to what it sent until the shop\'s window has passed, so the shop stays within the limit', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    const two = await pairedClient(harness, `Caja 2-${++named}`);
    const away = createShopClient({ baseUrl: 'http://127.0.0.1:1', pin: 'x'.repeat(64), tillId: 'f'.repeat(32), privateKey: generateKeyPairSync('ed25519').privateKey, retry: { attempts: 1 } });
    let reachable = true;
    const a = permitsFor(() => (reachable ? one.client : away), 1, 60_000);
    const b = permitsFor(() => (reachable ? two.client : away), 1, 60_000);
    const limitA = limiterFor(a);
    const limitB = limiterFor(b);
    // Uneven parts of the shop's window: till 1 sends 16 (more than its half), till 2 sends 2.
    const starts = await sendThroughLimiter(a, limitA, { ms: 1_000, count: 1 });
    starts.push(...await sendThroughLimiter(b, limitB, { ms: 1_000, count: 2 }), ...await sendThroughLimiter(a, limitA, { ms: 1_000, count: 15 }));
    expect(b.mode()).toMatchObject({ kind: 'shop', activeTills: 2 });
    expect(a.mode()).toMatchObject({ kind: 'shop', activeTills: 2 });

    // The server goes away: both send on their own as fast as their limiters let them.
    reachable = false;
    for (const s of await Promise.all([sendThroughLimiter(a, limitA, { ms: 1.5 * WINDOW }), sendThroughLimiter(b, limitB, { ms: 1.5 * WINDOW })])) starts.push(...s);
    expect(b.mode()).toEqual({ kind: 'own', share: 0.5, reason: 'server-away' });
    expect(busiestWindow(starts, WINDOW)).toBeLessThanOrEqual(LIMIT);
  });

  it('falling back with requests already waiting for the shop\'s permits (admitted by the till\'s limiter at the whole limit): they wait for the till\'s part too', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedClient(harness, `Caja 1-${++named}`);
    const two = await pairedClient(harness, `Caja 2-${++named}`);
    const away = createShopClient({ baseUrl: 'http://127.0.0.1:1', pin: 'x'.repeat(64), tillId: 'f'.repeat(32), privateKey: generateKeyPairSync('ed25519').privateKey, retry: { attempts: 1 } });
    let reachable = true;
    const a = permitsFor(() => one.client, 1, 60_000);
    // Till 2 asks again every 100 ms while nothing is free (the window here is 2 s).
    const b = permitsFor(() => (reachable ? two.client : away), 1, 60_000, 100);
    const limitA = limiterFor(a);
    const limitB = limiterFor(b);
    // The shop's window spent: till 2 sends 2, till 1 the rest.
    const starts = await sendThroughLimiter(b, limitB, { ms: 1_000, count: 2 });
    starts.push(...await sendThroughLimiter(a, limitA, { ms: 1_000, count: LIMIT - 2 }));
    // Four requests at till 2, admitted by its limiter (2 of 24 sent), wait for a permit; then the server goes away.
    const waiting = Array.from({ length: 4 }, () => sendThroughLimiter(b, limitB, { ms: 1.5 * WINDOW }));
    await new Promise((r) => setTimeout(r, 200));
    reachable = false;
    for (const s of await Promise.all(waiting)) starts.push(...s);
    expect(b.mode()).toMatchObject({ kind: 'own', reason: 'server-away' });
    expect(busiestWindow(starts, WINDOW)).toBeLessThanOrEqual(LIMIT);
  });
});
