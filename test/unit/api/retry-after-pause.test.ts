/**
 * A Retry-After longer than a call will wait (30 s) still holds back every other request of the till, and a
 * restarted client too (scripted service over real HTTP on 127.0.0.1, real SQLite journal, a hand-moved clock
 * for the limiter's waits so nothing here depends on real time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvoicingApi, type InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { openStore, type Store } from '../../../electron/core/store';
import { reply, startScriptedServer, type ScriptedServer } from './scripted-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** now() is set by the test; sleep() resolves only when the test moves the clock past its end. */
function handClock(start: number) {
  let time = start;
  const sleepers: Array<{ until: number; wake: () => void }> = [];
  return {
    now: () => time,
    sleep: (ms: number) => new Promise<void>((wake) => void sleepers.push({ until: time + ms, wake })),
    sleepers,
    advanceTo(t: number) {
      time = t;
      for (const s of sleepers.splice(0)) if (s.until <= t) s.wake(); else sleepers.push(s);
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition not reached');
}

const RANGES = { data: [{ id: '2b056443-0000-4000-8000-000000000001', document_type: 'INVOICE', is_active: true }] };

describe('Retry-After over 30 s (scripted service, real HTTP, hand-moved clock)', () => {
  it('pauses every request of the till, and of a restarted client, even though the refused call gives up', async () => {
    let refuseNext = true;
    const server: ScriptedServer = await startScriptedServer((req, res) => {
      if (req.url === '/v1/oauth/token') return reply(res, 200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
      if (refuseNext) {
        refuseNext = false;
        return reply(res, 429, { status: 429, code: 'RATE_LIMITED', message: 'slow down', errors: [] }, { 'Retry-After': '45' });
      }
      reply(res, 200, RANGES);
    });
    cleanups.push(() => server.close());
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-pause-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store: Store = openStore({ path: join(dir, 'till.sqlite') });
    cleanups.push(() => store.close());
    const clock = handClock(Date.parse('2026-11-23T15:00:00Z'));
    const start = clock.now();
    const client = (): InvoicingApi => {
      const api = createInvoicingApi({
        baseUrl: server.baseUrl, clientId: 'fc_test', getClientSecret: async () => 'secret',
        now: clock.now, sleep: clock.sleep, random: () => 0.5, rateJournal: store.rateJournal('svc'),
      });
      cleanups.push(() => api.close());
      return api;
    };

    const api = client();
    const refused = await api.listNumberingRanges().catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, retryAfterMs: 45_000 });
    const sentBefore = server.requests.length;

    // Another sale's request, and the first request of a client started afresh on the same data file: both wait.
    const other = api.listNumberingRanges();
    const restarted = client().listNumberingRanges();
    await until(() => clock.sleepers.length >= 2);
    expect(server.requests.length).toBe(sentBefore);
    expect(clock.sleepers.every((s) => s.until >= start + 45_000)).toBe(true);

    clock.advanceTo(start + 45_000);
    expect(await other).toHaveLength(1);
    expect(await restarted).toHaveLength(1);
  });
});
