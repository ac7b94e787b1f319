/** Pairing (once, expiry, slowed guessing, the pinned fingerprint) and signed-request refusals. */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOP_LIMITS } from '../../../shared/shop/contract';
import { PAIRING_ATTEMPTS_PER_SOURCE } from '../../../server/pairing/attempts';
import { proofFor, ShopTill } from '../../support/shop-till';
import { startHarness, type Harness, type OpenDb } from './harness';
import { id32 } from './samples';

export function pairingAndAuthSuite(openDb: OpenDb): void {
  describe('pairing', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    it('a code pairs one till, once; the next code pairs the next number', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      expect(opened.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
      const first = h.newTill();
      const answer = await first.pair(opened.code, { name: 'Caja principal' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ tillNumber: 1, certFingerprint: 'loopback', cursor: 0 });
      expect(answer.body.shopId).toMatch(/^[0-9a-f]{32}$/);
      const again = await h.newTill().pair(opened.code);
      expect(again.status).toBe(403);
      expect(again.body.error.code).toBe('pairing_refused');
      const { body: next } = await h.admin('POST', '/admin/pairing');
      const second = await h.newTill().pair(next.code.replace('-', '').toLowerCase());
      expect(second.body.tillNumber).toBe(2);
      const tills = await h.admin('GET', '/admin/tills');
      expect(tills.body.tills.map((t: { name: string }) => t.name)).toEqual(['Caja principal', 'Caja 2']);
    });

    it('a code expires after ten minutes', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      h.advance(SHOP_LIMITS.pairingCodeTtlMs + 1);
      expect((await h.newTill().pair(opened.code)).status).toBe(403);
      const { rows } = await h.db.query('SELECT count(*)::int AS n FROM tills');
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('wrong codes from one address are slowed for that address only: past 3 a minute it is answered 429 with how long to wait, while a right code from another address pairs', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      for (let i = 0; i < PAIRING_ATTEMPTS_PER_SOURCE; i++) expect((await h.newTill('127.0.0.2').pair('0000000000')).status).toBe(403);
      const blocked = await h.newTill('127.0.0.2').pair(opened.code);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatchObject({ code: 'too_many_attempts', scope: 'source', retryAfterSeconds: 60 });
      expect(blocked.headers.get('retry-after')).toBe('60');
      h.advance(20_000);
      expect((await h.newTill('127.0.0.2').pair(opened.code)).body.error.retryAfterSeconds).toBe(40);
      // Another address (here the shop's own till on 127.0.0.1) is not held back by that one.
      expect((await h.newTill().pair(opened.code)).status).toBe(200);
      h.advance(41_000);
      const { body: next } = await h.admin('POST', '/admin/pairing');
      expect((await h.newTill('127.0.0.2').pair(next.code)).status).toBe(200);
    });

    it('guessing stays slow from anywhere: wrong proofs from twelve addresses are checked at most 10 a minute in total, the rest answered 429 for all', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      const statuses: Record<number, number> = {};
      for (let round = 0; round < 3; round++) {
        for (let n = 2; n < 14; n++) {
          const answer = await h.newTill(`127.0.0.${n}`).pair('0000000000');
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (answer.status === 429) expect(answer.body.error.scope).toBe('all');
        }
      }
      expect(statuses).toEqual({ 403: SHOP_LIMITS.pairingAttemptsPerMinute, 429: 36 - SHOP_LIMITS.pairingAttemptsPerMinute });
      // A right code is refused too while the shop's whole allowance is spent: the cap holds for every source…
      const refused = await h.newTill().pair(opened.code);
      expect(refused.status).toBe(429);
      expect(refused.body.error.scope).toBe('all');
      // …until the oldest wrong proof is a minute old.
      h.advance(60_001);
      expect((await h.newTill().pair(opened.code)).status).toBe(200);
    });

    it('pairing while a second address sends a wrong proof every 2 s for 5 minutes (the server\'s clock driven by the test, not 5 real minutes): every right code pairs', async () => {
      const checked: number[] = []; // the minute of each wrong proof the server checked (403)
      const paired: number[] = [];
      for (let at = 0; at < 5 * 60_000; at += 2_000) {
        const wrong = await h.newTill('127.0.0.2').pair('0000000000');
        expect([403, 429]).toContain(wrong.status);
        if (wrong.status === 403) checked.push(Math.floor(at / 60_000));
        else expect(wrong.body.error.scope).toBe('source');
        if (at % 30_000 === 10_000) {
          // The owner opens pairing and the right code is typed at the shop's till, every 30 s of the five minutes.
          const { body: opened } = await h.admin('POST', '/admin/pairing');
          const answer = await h.newTill().pair(opened.code);
          expect({ at, status: answer.status }).toEqual({ at, status: 200 });
          paired.push(answer.body.tillNumber);
        }
        h.advance(2_000);
      }
      expect(paired).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      // The misbehaving address was checked 3 times a minute at most (the first 3 of each sliding minute).
      for (let minute = 0; minute < 5; minute++) expect(checked.filter((m) => m === minute).length).toBeLessThanOrEqual(PAIRING_ATTEMPTS_PER_SOURCE);
      expect(checked.length).toBeGreaterThan(0);
    });

    it('X-Forwarded-For is ignored unless its proxy is configured: a device cannot dodge its own limit by naming other addresses', async () => {
      const wrongFrom = (till: ShopTill, forwardedFor: string) => till.raw('POST', '/v1/pair',
        JSON.stringify({ publicKey: till.publicKey, proof: proofFor('0000000000', 'loopback', till.publicKey) }), { 'X-Forwarded-For': forwardedFor });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await wrongFrom(h.newTill('127.0.0.2'), `10.0.0.${i + 1}`)).status);
      expect(statuses).toEqual([403, 403, 403, 429, 429]);
      await h.close();
      // Behind a configured proxy (here 127.0.0.1), the address it forwarded for is the source.
      h = await startHarness(openDb, { trustedProxies: ['127.0.0.1'] });
      const behind = [];
      for (let i = 0; i < 4; i++) behind.push((await wrongFrom(h.newTill(), '10.0.0.7')).status);
      expect(behind).toEqual([403, 403, 403, 429]);
      expect((await wrongFrom(h.newTill(), '10.0.0.8')).status).toBe(403);
      // Not from the proxy: its X-Forwarded-For is not believed.
      expect((await wrongFrom(h.newTill('127.0.0.3'), '10.0.0.9')).status).toBe(403);
      expect((await wrongFrom(h.newTill('127.0.0.3'), '10.0.0.10')).status).toBe(403);
      expect((await wrongFrom(h.newTill('127.0.0.3'), '10.0.0.11')).status).toBe(403);
      expect((await wrongFrom(h.newTill('127.0.0.3'), '10.0.0.12')).status).toBe(429);
    });

    it('a restart keeps an unexpired code: it pairs at the restarted server, once', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      await h.restart();
      expect((await h.newTill().pair(opened.code)).status).toBe(200);
      await h.restart();
      expect((await h.newTill().pair(opened.code)).status).toBe(403);
    });

    it('a code opened at one server pairs at a second server on the same store, and then at neither', async () => {
      const other = await h.second();
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      const answer = await new ShopTill(other.url).pair(opened.code);
      expect(answer.status).toBe(200);
      expect((await h.newTill().pair(opened.code)).status).toBe(403);
      expect((await new ShopTill(other.url).pair(opened.code)).status).toBe(403);
    });

    it('a proof made for another certificate (a man in the middle) is refused, and the code still serves the real server', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      const fooled = await h.newTill().pair(opened.code, { fingerprint: 'ab'.repeat(32) });
      expect(fooled.status).toBe(403);
      expect((await h.newTill().pair(opened.code)).status).toBe(200);
    });

    it('admin routes need the admin token', async () => {
      const res = await fetch(`${h.server.url}/admin/pairing`, { method: 'POST', headers: { Authorization: 'Bearer nope' } });
      expect(res.status).toBe(403);
      const { rows } = await h.db.query('SELECT count(*)::int AS n FROM pairing_codes');
      expect(rows[0]).toEqual({ n: 0 });
    });
  });

  describe('signed requests', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    const reason = (answer: { status: number; body: any }) => [answer.status, answer.body.error?.reason];

    it('refuses unsigned, malformed, unknown, badly signed, tampered, stale and replayed requests; health needs nothing', async () => {
      const till = await h.pairedTill();
      expect((await till.call('GET', '/v1/changes?since=0')).status).toBe(200);
      expect((await till.raw('GET', '/v1/health')).body).toEqual({ ok: true, shopId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(reason(await till.raw('GET', '/v1/changes?since=0'))).toEqual([401, 'missing']);
      expect(reason(await till.raw('GET', '/v1/changes?since=0', undefined, { Authorization: 'Mostrador till=zz' }))).toEqual([401, 'malformed']);
      expect(reason(await till.call('GET', '/v1/changes?since=0', undefined, { tillId: id32() }))).toEqual([401, 'unknown_till']);
      const stranger = generateKeyPairSync('ed25519').privateKey;
      expect(reason(await till.call('GET', '/v1/changes?since=0', undefined, { key: stranger }))).toEqual([401, 'bad_signature']);
      // Signed for one query, sent with another: the path is part of what is signed.
      const auth = till.authorization('GET', '/v1/changes?since=0', '');
      expect(reason(await till.raw('GET', '/v1/changes?since=5', undefined, { Authorization: auth }))).toEqual([401, 'bad_signature']);
      // Signed for one body, sent with another.
      const signedFor = JSON.stringify({ shifts: [] });
      const tampered = await till.raw('POST', '/v1/shifts', JSON.stringify({ shifts: [1] }), { Authorization: till.authorization('POST', '/v1/shifts', signedFor) });
      expect(reason(tampered)).toEqual([401, 'bad_signature']);
      expect(reason(await till.call('GET', '/v1/changes?since=0', undefined, { ts: Date.now() - SHOP_LIMITS.signatureSkewMs - 60_000 }))).toEqual([401, 'stale']);
      expect(reason(await till.call('GET', '/v1/changes?since=0', undefined, { ts: Date.now() + SHOP_LIMITS.signatureSkewMs + 60_000 }))).toEqual([401, 'stale']);
      const replay = till.authorization('GET', '/v1/changes?since=0', '');
      expect((await till.raw('GET', '/v1/changes?since=0', undefined, { Authorization: replay })).status).toBe(200);
      expect(reason(await till.raw('GET', '/v1/changes?since=0', undefined, { Authorization: replay }))).toEqual([401, 'replayed']);
      const nonce = randomBytes(16).toString('base64url');
      expect((await till.call('GET', '/v1/changes?since=0', undefined, { nonce })).status).toBe(200);
      expect(reason(await till.call('GET', '/v1/changes?since=0', undefined, { nonce }))).toEqual([401, 'replayed']);
    });

    it('a revoked till is refused from then on, and the other tills hear of it in the feed', async () => {
      const revoked = await h.pairedTill('Caja 1');
      const other = await h.pairedTill('Caja 2');
      expect((await h.admin('POST', '/admin/tills/revoke', { till: '1' })).status).toBe(200);
      expect(reason(await revoked.call('GET', '/v1/changes?since=0'))).toEqual([401, 'revoked']);
      const feed = await other.call('GET', '/v1/changes?since=0');
      const tills = feed.body.changes.filter((c: { kind: string }) => c.kind === 'till');
      expect(tills.map((c: any) => [c.data.number, c.data.revoked])).toEqual([[2, false], [1, true]]);
    });
  });
}
