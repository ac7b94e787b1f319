/**
 * Webhooks heard at the shop server (issue 28), against the sandbox's real deliveries over HTTP on 127.0.0.1, the
 * server's PGlite store and the real OS keychain (scripts/with-keyring.sh). The confirmer is a recording one (the
 * server's confirmation loop is another part): what is asserted is what reaches `heard(documentId)` and what the
 * store holds. The document's state is never taken from an event: only the confirmer's GET says it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import type { Database } from '../../../server/db/adapter';
import { readShop } from '../../../server/store/shop';
import { handleWebhookAdmin } from '../../../server/webhooks/admin';
import { osWebhookKeychain } from '../../../server/webhooks/keychain';
import { webhookNumbers, tiendaWebhooks } from '../../../server/webhooks/numbers';
import { startWebhookReceiver, type WebhookReceiver } from '../../../server/webhooks/receiver';
import { WebhookSettings, type ServiceAccess } from '../../../server/webhooks/settings';
import { createInvoice, post, recordingRelay, registerAt, sandboxAccess, serviceEvent, signed, until } from '../../support/webhook-rig';
import type { OpenDb } from './harness';

export function serviceWebhooksSuite(open: OpenDb): void {
  const keychain = osWebhookKeychain(`MostradorTest-webhooks-${randomUUID()}`);
  let sb: RunningSandbox;
  let db: Database;
  let cleanup: () => Promise<void>;
  let receiver: WebhookReceiver;
  let relay: Awaited<ReturnType<typeof recordingRelay>>;
  let access: ServiceAccess | null;
  let settings: WebhookSettings;
  const heard: string[] = [];
  const confirmer = { heard: (id: string) => void heard.push(id) };

  /** Rows of every table but the webhooks' own: an event must change none of them. */
  async function otherRows(): Promise<Record<string, number>> {
    const { rows } = await db.query<{ t: string }>(`SELECT table_name AS t FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'service_webhook_%' ORDER BY table_name`);
    const counts: Record<string, number> = {};
    for (const { t } of rows) counts[t] = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${t}"`)).rows[0]!.n);
    return counts;
  }

  const events = async (documentId: string) => (await db.query<Record<string, unknown>>('SELECT * FROM service_webhook_events WHERE document_id = $1', [documentId])).rows;
  const secrets = async () => (await keychain.read((await readShop(db)).id))!;
  const hookUrl = async () => `${relay.url}/webhooks/service/${(await secrets()).pathToken}`;
  const numbers = async () => {
    await receiver.flush();
    return webhookNumbers(db);
  };

  beforeAll(async () => {
    sb = await startSandbox({ validationDelayMs: 30, webhookBaseDelayMs: 20, webhookMaxAttempts: 3 });
  });
  afterAll(async () => {
    await sb.close();
  });

  beforeEach(async () => {
    ({ db, cleanup } = await open());
    heard.length = 0;
    access = sandboxAccess(sb);
    settings = new WebhookSettings({ db, keychain, now: Date.now, serviceAccess: async () => access });
    receiver = await startWebhookReceiver({ db, settings, confirmer, host: '127.0.0.1', port: 0, log: () => {} });
    // The service calls the relay (a reverse proxy in front of the receiver), which keeps each delivery verbatim.
    relay = await recordingRelay(() => receiver.url);
  });
  afterEach(async () => {
    await relay.close();
    await receiver.close();
    await settings.clear().catch(() => {});
    await cleanup();
  });

  async function configureSandbox(): Promise<void> {
    const answer = await handleWebhookAdmin({ db, settings, receiver }, 'POST', '/admin/webhooks', Buffer.from(JSON.stringify({ adapter: 'sandbox', publicUrl: relay.url })));
    expect(answer.status).toBe(200);
  }

  describe('webhooks heard at the shop server (real sandbox deliveries)', () => {
    it('registers at the sandbox, keeps its secret in the keychain (not the database), and hands a genuine delivery to the confirmer once per event', async () => {
      await configureSandbox();
      const s = await secrets();
      expect(s.signingSecret).toMatch(/^whsec_/);
      const dump = JSON.stringify((await db.query('SELECT * FROM service_webhook_config')).rows);
      expect(dump).not.toContain(s.signingSecret!);
      expect(dump).not.toContain(s.pathToken);
      const before = await otherRows();

      const id = await createInvoice(sb, 'HOOK-GENUINE');
      // The sandbox announces QUEUED, then VALIDATED: two events stored; only the one claiming a verdict is handed over
      // (a claimed QUEUED is not worth a read; the claim is a hint, the verdict comes from the confirmer's GET).
      await until('two events stored', async () => (await events(id)).length === 2);
      await until('the verdict handed over', () => heard.filter((h) => h === id).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.filter((h) => h === id)).toHaveLength(1);
      const rows = await events(id);
      expect(rows.every((r) => r.verified === true && r.type === 'document.status_changed')).toBe(true);
      // Nothing of the event's claimed status is kept.
      expect(Object.keys(rows[0]!).sort()).toEqual(['document_id', 'event_id', 'received_at', 'type', 'verified']);
      expect(relay.recorded.every((r) => r.status === 200)).toBe(true);
      expect(await otherRows()).toEqual(before);
      const n = await numbers();
      expect(n).toMatchObject({ configured: true, received: 2, replayed: 0, refused: { total: 0 } });
      expect(tiendaWebhooks(n)).toEqual({ configured: true, received: 2, lastAt: n.lastReceivedAt });
    });

    it('refuses a forged signature and a wrong path token before any write: heard is not called, the refusal is counted', async () => {
      await configureSandbox();
      const event = serviceEvent('doc-forged', 'VALIDATED');
      const forged = signed('whsec_not_the_secret_at_all_000000', event);
      const refused = await post(await hookUrl(), forged.headers, forged.body);
      expect(refused.status).toBe(401);
      const unsigned = await post(await hookUrl(), { 'content-type': 'application/json' }, forged.body);
      expect(unsigned.status).toBe(401);
      const genuine = signed((await secrets()).signingSecret!, event);
      const wrongPath = await post(`${relay.url}/webhooks/service/guessed-token`, genuine.headers, genuine.body);
      expect(wrongPath.status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
      expect(await events('doc-forged')).toEqual([]);
      expect((await numbers()).refused).toMatchObject({ signature: 3, total: 3 });
    });

    it('a replayed delivery (the same bytes resent) changes nothing: answered 200, heard not called again', async () => {
      await configureSandbox();
      const id = await createInvoice(sb, 'HOOK-REPLAY');
      await until('the verdict handed over', () => heard.filter((h) => h === id).length === 1);
      await until('both events stored', async () => (await events(id)).length === 2);
      const original = relay.recorded.find((r) => r.status === 200)!;
      const headers = Object.fromEntries(Object.entries(original.headers).filter(([k]) => k.startsWith('x-sandbox-') || k === 'content-type')) as Record<string, string>;
      for (let i = 0; i < 3; i++) {
        const again = await post(await hookUrl(), headers, original.body);
        expect(again.status).toBe(200);
        expect(again.json).toEqual({ ok: true, duplicate: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.filter((h) => h === id)).toHaveLength(1);
      expect(await events(id)).toHaveLength(2);
      expect(await numbers()).toMatchObject({ received: 2, replayed: 3 });
    });

    it('an event whose body says VALIDATED is only a document id handed over: the claimed status is not stored or believed', async () => {
      await configureSandbox();
      // Signed with the real secret (as if the service itself said so), about a document the sandbox still holds QUEUED.
      const slow = await startSandbox({ validationDelayMs: 60_000 });
      try {
        const id = await createInvoice(slow, 'HOOK-LIAR');
        const lie = signed((await secrets()).signingSecret!, serviceEvent(id, 'VALIDATED'));
        expect((await post(await hookUrl(), lie.headers, lie.body)).status).toBe(200);
        await until('handed over', () => heard.includes(id));
        expect(JSON.stringify(await events(id))).not.toContain('VALIDATED');
      } finally {
        await slow.close();
      }
    });

    it('refuses an event too old (the sending service\'s clock 10 minutes behind) and counts it', async () => {
      const late = await startSandbox({ now: () => Date.now() - 10 * 60_000, validationDelayMs: 0, webhookBaseDelayMs: 10, webhookMaxAttempts: 2 });
      try {
        access = sandboxAccess(late);
        await configureSandbox();
        const id = await createInvoice(late, 'HOOK-LATE');
        await until('refusals counted', async () => (await numbers()).refused.tooOld >= 1);
        await until('the relay saw every attempt', () => relay.recorded.length >= 2);
        expect(relay.recorded.every((r) => r.status === 400)).toBe(true);
        expect(heard).not.toContain(id);
        expect(await events(id)).toEqual([]);
      } finally {
        await late.close();
      }
    });

    it('another client\'s deliveries: refused when signed with its secret; with no signature scheme (manual) handed over and nothing else changes', async () => {
      const other = await startSandbox({ clientId: 'fc_other', clientSecret: 'other-secret', validationDelayMs: 0, webhookBaseDelayMs: 10, webhookMaxAttempts: 2 });
      try {
        await configureSandbox();
        await registerAt(other, await hookUrl());
        const refusedId = await createInvoice(other, 'OTHER-1');
        await until('its deliveries refused', async () => (await numbers()).refused.signature >= 2);
        expect(heard).not.toContain(refusedId);

        // The owner's manual adapter without a secret: only the path token guards it, and the GET decides.
        const manual = await handleWebhookAdmin({ db, settings, receiver }, 'POST', '/admin/webhooks', Buffer.from(JSON.stringify({ adapter: 'manual', publicUrl: relay.url })));
        expect(manual.status).toBe(200);
        await registerAt(other, await hookUrl());
        const before = await otherRows();
        const foreignId = await createInvoice(other, 'OTHER-2');
        // Handed to the confirmer, whose GET with this shop's credentials will answer 404 (not this client's document).
        await until('handed over', () => heard.includes(foreignId));
        await until('both events stored', async () => (await events(foreignId)).length === 2);
        expect((await events(foreignId)).every((r) => r.verified === false)).toBe(true);
        expect(await otherRows()).toEqual(before);
      } finally {
        await other.close();
      }
    });

    it('an event for a document no till has reported yet is simply handed over (the confirmer remembers it)', async () => {
      await configureSandbox();
      const before = await otherRows();
      const id = await createInvoice(sb, 'HOOK-EARLY');
      await until('handed over', () => heard.includes(id));
      expect(await otherRows()).toEqual(before);
    });

    it('refuses what is not an event: a body over 64 KiB, broken JSON, another method, and anything before configuration', async () => {
      const early = await post(`${receiver.url}/webhooks/service/x`, { 'content-type': 'application/json' }, '{}');
      expect(early.status).toBe(404);
      await configureSandbox();
      const secret = (await secrets()).signingSecret!;
      const big = signed(secret, { ...serviceEvent('doc-big'), pad: 'x'.repeat(70 * 1024) });
      expect((await post(await hookUrl(), big.headers, big.body)).status).toBe(413);
      const broken = signed(secret, 'not an event');
      expect((await post(await hookUrl(), broken.headers, broken.body)).status).toBe(400);
      const get = await fetch(await hookUrl(), { signal: AbortSignal.timeout(5_000) });
      expect(get.status).toBe(405);
      expect(heard).toEqual([]);
      expect((await numbers()).refused).toMatchObject({ malformed: 2 });
    });

    it('past its rate, answers 503 with Retry-After and counts it; what it took is handed over, coalesced by document', async () => {
      await configureSandbox();
      await receiver.close();
      receiver = await startWebhookReceiver({ db, settings, confirmer, host: '127.0.0.1', port: 0, log: () => {}, limits: { perSecond: 1, burst: 3 } });
      const secret = (await secrets()).signingSecret!;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const d = signed(secret, serviceEvent(`doc-rate-${i % 2}`, 'VALIDATED'));
        const answer = await post(await hookUrl(), d.headers, d.body);
        statuses.push(answer.status);
        if (answer.status === 503) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      const taken = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s === 503).length).toBe(12 - taken);
      expect(taken).toBeGreaterThanOrEqual(3);
      expect(taken).toBeLessThan(12);
      // The first three (the burst) name both documents; each was handed over, however many events named it.
      await until('handed over', () => new Set(heard).size === 2);
      expect(heard.length).toBeLessThanOrEqual(taken);
      expect(await numbers()).toMatchObject({ received: taken, refused: { busy: 12 - taken } });
    });

    it('prunes event ids older than 7 days at start, and clears the configuration from the database and the keychain', async () => {
      await configureSandbox();
      await db.query(`INSERT INTO service_webhook_events (event_id, received_at, document_id, type, verified) VALUES ('old', $1, 'd', 't', true), ('new', $2, 'd', 't', true)`,
        [Date.now() - 8 * 86_400_000, Date.now()]);
      await receiver.close();
      receiver = await startWebhookReceiver({ db, settings, confirmer, host: '127.0.0.1', port: 0, log: () => {} });
      expect((await db.query<{ event_id: string }>('SELECT event_id FROM service_webhook_events')).rows.map((r) => r.event_id)).toEqual(['new']);
      const cleared = await handleWebhookAdmin({ db, settings, receiver }, 'POST', '/admin/webhooks/clear', Buffer.alloc(0));
      expect(cleared.body).toEqual({ cleared: true, warning: null });
      expect(await keychain.read((await readShop(db)).id)).toBeNull();
      expect((await webhookNumbers(db)).configured).toBe(false);
    });

    it('two server processes on one database: the same event delivered to both is stored and handed over once', async () => {
      await configureSandbox();
      const secondHeard: string[] = [];
      const second = await startWebhookReceiver({ db, settings, confirmer: { heard: (id) => void secondHeard.push(id) }, host: '127.0.0.1', port: 0, log: () => {} });
      try {
        const path = new URL(await hookUrl()).pathname;
        const d = signed((await secrets()).signingSecret!, serviceEvent('doc-two-processes', 'VALIDATED'));
        const answers = await Promise.all([post(`${receiver.url}${path}`, d.headers, d.body), post(`${second.url}${path}`, d.headers, d.body)]);
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        expect(answers.filter((a) => a.json.duplicate === true)).toHaveLength(1);
        await until('handed over', () => heard.length + secondHeard.length >= 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect([...heard, ...secondHeard]).toEqual(['doc-two-processes']);
        await second.flush();
        expect(await numbers()).toMatchObject({ received: 1, replayed: 1 });
      } finally {
        await second.close();
      }
    });

    it('says plainly why a sandbox registration cannot be made', async () => {
      access = null;
      const none = await handleWebhookAdmin({ db, settings, receiver }, 'POST', '/admin/webhooks', Buffer.from(JSON.stringify({ adapter: 'sandbox', publicUrl: relay.url })));
      expect(none.status).toBe(400);
      expect(JSON.stringify(none.body)).toMatch(/aún no tiene las credenciales del servicio/);
      const plain = await handleWebhookAdmin({ db, settings, receiver }, 'POST', '/admin/webhooks', Buffer.from(JSON.stringify({ adapter: 'manual', publicUrl: 'http://hooks.example.com' })));
      expect(JSON.stringify(plain.body)).toMatch(/debe empezar por https/);
      const short = await handleWebhookAdmin({ db, settings, receiver }, 'POST', '/admin/webhooks', Buffer.from(JSON.stringify({ adapter: 'manual', publicUrl: 'https://hooks.example.com', secret: 'abc' })));
      expect(JSON.stringify(short.body)).toMatch(/demasiado corto/);
    });
  });
}
