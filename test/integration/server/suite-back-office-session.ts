/** Back-office sessions: who may open one, the pause after wrong PINs, and every way a session is refused or ends. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../common/pin-hash';
import { BACK_OFFICE_LIMITS, sessionResponseSchema } from '../../../shared/shop/back-office';
import { LIMITS } from '../../../shared/limits';
import { adminSession, backOffice, CASHIER_PIN, OWNER_PIN, seedPeople } from './back-office-rig';
import { startHarness, type Harness, type OpenDb } from './harness';
import { id32 } from './samples';

export function backOfficeSessionSuite(openDb: OpenDb): void {
  describe('back office: sessions', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    const open = (personKey: string, pin: string) => h.admin('POST', '/admin/back-office/session', { personKey, pin });

    it('an owner\'s PIN from a paired till opens a session; unsigned, revoked or a cashier\'s PIN do not', async () => {
      const people = await seedPeople(h);
      const till = await h.pairedTill();
      const opened = await till.call('POST', '/v1/back-office/session', { personKey: people.owner, pin: OWNER_PIN });
      expect(opened.status).toBe(200);
      const session = sessionResponseSchema.parse(opened.body);
      expect(session.person).toEqual({ key: people.owner, name: 'Marta' });
      expect((await backOffice(h, session.token, '/v1/back-office/dashboard')).status).toBe(200);

      const unsigned = await till.raw('POST', '/v1/back-office/session', JSON.stringify({ personKey: people.owner, pin: OWNER_PIN }));
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.error.reason).toBe('missing');
      const cashier = await till.call('POST', '/v1/back-office/session', { personKey: people.cashier, pin: CASHIER_PIN });
      expect(cashier.status).toBe(401);
      expect(cashier.body.error.code).toBe('pin_refused');
      const unknown = await till.call('POST', '/v1/back-office/session', { personKey: id32(), pin: OWNER_PIN });
      expect(unknown.body.error.code).toBe('pin_refused');
      const badBody = await till.call('POST', '/v1/back-office/session', { personKey: people.owner, pin: '12ab' });
      expect(badBody.status).toBe(400);
      expect(badBody.body.error.problems[0].field).toBe('pin');
      await h.admin('POST', '/admin/tills/revoke', { till: String(till.tillNumber) });
      expect((await till.call('POST', '/v1/back-office/session', { personKey: people.owner, pin: OWNER_PIN })).body.error.reason).toBe('revoked');
      // The admin route answers only with the admin token.
      const noToken = await fetch(`${h.server.url}/admin/back-office/session`, { method: 'POST', body: JSON.stringify({ personKey: people.owner, pin: OWNER_PIN }) });
      expect(noToken.status).toBe(403);
    });

    it('every back-office route wants a live session: none, a made-up one, an ended one and an idle one are refused', async () => {
      const people = await seedPeople(h);
      const none = await backOffice(h, null, '/v1/back-office/sales');
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('session_required');
      expect((await backOffice(h, 'x'.repeat(43), '/v1/back-office/sales')).body.error.code).toBe('session_expired');
      const token = await adminSession(h, people.owner);
      expect((await backOffice(h, token, '/v1/back-office/sales')).status).toBe(200);
      expect((await backOffice(h, token, '/v1/back-office/session', 'DELETE')).status).toBe(200);
      expect((await backOffice(h, token, '/v1/back-office/sales')).body.error.code).toBe('session_expired');

      const idle = await adminSession(h, people.owner);
      h.advance(BACK_OFFICE_LIMITS.sessionIdleMs - 60_000);
      expect((await backOffice(h, idle, '/v1/back-office/sales')).status).toBe(200); // use restarts the idle clock
      h.advance(BACK_OFFICE_LIMITS.sessionIdleMs - 60_000);
      expect((await backOffice(h, idle, '/v1/back-office/sales')).status).toBe(200);
      h.advance(BACK_OFFICE_LIMITS.sessionIdleMs + 1);
      expect((await backOffice(h, idle, '/v1/back-office/sales')).body.error.code).toBe('session_expired');
    });

    it('a back-office session survives a restart of the server and is honoured by a second server on the same store; ended at one, it is ended at both', async () => {
      const people = await seedPeople(h);
      const token = await adminSession(h, people.owner);
      await h.restart();
      expect((await backOffice(h, token, '/v1/back-office/dashboard')).status).toBe(200);
      const other = await h.second();
      const atOther = await fetch(`${other.url}/v1/back-office/dashboard`, { headers: { Authorization: `Bearer ${token}` } });
      expect(atOther.status).toBe(200);
      // The idle clock is shared: used at one server, the session stays alive at the other.
      h.advance(BACK_OFFICE_LIMITS.sessionIdleMs - 60_000);
      expect((await fetch(`${other.url}/v1/back-office/sales`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      h.advance(BACK_OFFICE_LIMITS.sessionIdleMs - 60_000);
      expect((await backOffice(h, token, '/v1/back-office/sales')).status).toBe(200);
      expect((await backOffice(h, token, '/v1/back-office/session', 'DELETE')).status).toBe(200);
      const ended = await fetch(`${other.url}/v1/back-office/sales`, { headers: { Authorization: `Bearer ${token}` } });
      expect((await ended.json() as any).error.code).toBe('session_expired');
      // Only the token's SHA-256 is kept.
      const kept = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM back_office_sessions');
      expect(kept.rows[0]!.n).toBe(0);
    });

    it('wrong PINs counted at two servers on the same store add up: the pause lands after the 5th wherever they were typed', async () => {
      const people = await seedPeople(h);
      const other = await h.second();
      const atOther = (pin: string) => fetch(`${other.url}/admin/back-office/session`, {
        method: 'POST', headers: { Authorization: `Bearer ${h.adminToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ personKey: people.owner, pin }),
      }).then(async (r) => ({ status: r.status, body: await r.json() as any }));
      for (let i = 0; i < LIMITS.pinTriesBeforePause; i++) {
        const answer = i % 2 === 0 ? await open(people.owner, '9999') : await atOther('9999');
        expect(answer.status).toBe(401);
      }
      expect((await atOther(OWNER_PIN)).body.error.code).toBe('pin_paused');
      expect((await open(people.owner, OWNER_PIN)).body.error.code).toBe('pin_paused');
      await h.restart();
      expect((await open(people.owner, OWNER_PIN)).body.error.code).toBe('pin_paused');
    });

    it('a session ends when its owner is deactivated or given a new PIN at the server', async () => {
      const people = await seedPeople(h);
      const token = await adminSession(h, people.owner);
      await h.saveAtServer('person', people.owner, { name: 'Marta', role: 'owner', pinHash: await hashPin('9753', { N: 1024, r: 8, p: 1 }), active: true });
      expect((await backOffice(h, token, '/v1/back-office/dashboard')).body.error.code).toBe('session_expired');
      expect((await open(people.owner, OWNER_PIN)).body.error.code).toBe('pin_refused');
      const again = await adminSession(h, people.owner, '9753');
      await h.saveAtServer('person', people.owner, { name: 'Marta', role: 'owner', pinHash: await hashPin('9753', { N: 1024, r: 8, p: 1 }), active: false });
      expect((await backOffice(h, again, '/v1/back-office/dashboard')).status).toBe(401);
      expect((await open(people.owner, '9753')).body.error.code).toBe('pin_refused');
    });

    it('wrong PINs pause that owner\'s checks, growing; the right PIN is refused while paused; others are not paused', async () => {
      const people = await seedPeople(h);
      const other = id32();
      await h.saveAtServer('person', other, { name: 'Jorge', role: 'owner', pinHash: await hashPin('8642', { N: 1024, r: 8, p: 1 }), active: true });
      for (let i = 1; i < LIMITS.pinTriesBeforePause; i++) expect((await open(people.owner, '0000')).status).toBe(401);
      expect((await open(people.owner, '0000')).status).toBe(401); // the 5th: the pause starts
      const paused = await open(people.owner, OWNER_PIN);
      expect(paused.status).toBe(429);
      expect(paused.body.error.code).toBe('pin_paused');
      expect((await open(other, '8642')).status).toBe(200);
      h.advance(LIMITS.pinPauseMs + 1);
      expect((await open(people.owner, '1111')).status).toBe(401); // the 6th wrong: now two minutes
      h.advance(LIMITS.pinPauseMs + 1);
      expect((await open(people.owner, OWNER_PIN)).status).toBe(429);
      h.advance(LIMITS.pinPauseMs + 1);
      expect((await open(people.owner, OWNER_PIN)).status).toBe(200);
      // The right PIN starts the count again.
      for (let i = 1; i < LIMITS.pinTriesBeforePause; i++) expect((await open(people.owner, '0000')).status).toBe(401);
      expect((await open(people.owner, OWNER_PIN)).status).toBe(200);
    });

    it('sixty wrong PINs sent at once are checked one after another: the pause stops them', async () => {
      const people = await seedPeople(h);
      const answers = await Promise.all(Array.from({ length: 60 }, () => open(people.owner, '0000')));
      expect(answers.filter((a) => a.status === 401).length).toBe(LIMITS.pinTriesBeforePause);
      expect(answers.filter((a) => a.status === 429).length).toBe(60 - LIMITS.pinTriesBeforePause);
    });
  });
}
