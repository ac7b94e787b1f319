import { describe, expect, it } from 'vitest';
import { freshness, hookUrl, readServiceEvent, SERVICE_WEBHOOK_LIMITS, tokenBucket } from '../../../shared/shop/service-webhooks';
import { sandboxAdapter } from '../../../server/webhooks/adapters';
import { parseListen } from '../../../server/webhooks/receiver';
import { publicUrlProblem } from '../../../server/webhooks/settings';
import { signed } from '../../support/webhook-rig';

describe('service webhook rules', () => {
  it('reads only the event id, type, time, document id and the status it claims (a hint); says what is wrong otherwise', () => {
    const ok = readServiceEvent(JSON.stringify({ id: 'e1', type: 'document.status_changed', created_at: '2026-11-28T10:00:00.000Z', data: { document: { id: 'd1', status: 'VALIDATED', extra: 1 } }, more: true }));
    expect(ok).toEqual({ ok: true, event: { eventId: 'e1', type: 'document.status_changed', documentId: 'd1', createdAt: Date.parse('2026-11-28T10:00:00.000Z'), claimedStatus: 'VALIDATED' } });
    // A claimed status that is not a short text is no hint at all (the event is still read).
    expect(readServiceEvent(JSON.stringify({ id: 'e2', type: 't', data: { document: { id: 'd2', status: { no: 1 } } } }))).toMatchObject({ ok: true, event: { claimedStatus: null } });
    expect(readServiceEvent('{')).toEqual({ ok: false, why: 'the body is not JSON' });
    expect(readServiceEvent(JSON.stringify({ id: 'e1', type: 't', data: {} }))).toMatchObject({ ok: false, why: expect.stringContaining('data.document') });
    expect(readServiceEvent(JSON.stringify({ id: 'e 1', type: 't', data: { document: { id: 'd' } } }))).toMatchObject({ ok: false, why: expect.stringContaining('id') });
  });

  it('refuses a timestamp more than 5 minutes off either way, a signed event older than the kept ids, and a timestamp that is not one', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(freshness(String(now / 1000 - 299), now - 299_000, now)).toBe('fresh');
    expect(freshness(String(now / 1000 - 301), null, now)).toBe('too_old');
    expect(freshness(String(now / 1000 + 301), null, now)).toBe('too_old');
    expect(freshness(undefined, now - SERVICE_WEBHOOK_LIMITS.keepEventsMs, now)).toBe('too_old');
    expect(freshness('soon', null, now)).toBe('malformed');
  });

  it('takes a burst, then the rate; says how long to wait', () => {
    let t = 0;
    const bucket = tokenBucket(2, 3, () => t);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    expect(bucket.retryAfterSeconds()).toBe(1);
    t = 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });

  it('checks the sandbox signature over the raw bytes, constant-time, and nothing else passes', () => {
    const adapter = sandboxAdapter('whsec_right_secret_0123456789');
    const d = signed('whsec_right_secret_0123456789', { id: 'e' });
    expect(adapter.verify(d.headers, Buffer.from(d.body))).toBe('verified');
    expect(adapter.verify(d.headers, Buffer.from(`${d.body} `))).toBe('bad_signature');
    expect(adapter.verify({ ...d.headers, 'x-sandbox-signature': d.headers['x-sandbox-signature']!.toUpperCase() }, Buffer.from(d.body))).toBe('bad_signature');
    expect(adapter.verify({}, Buffer.from(d.body))).toBe('bad_signature');
  });

  it('reads --webhooks-listen and the public URL, or says why not', () => {
    expect(parseListen('127.0.0.1:4302')).toEqual({ host: '127.0.0.1', port: 4302 });
    expect(parseListen('[::1]:4302')).toEqual({ host: '::1', port: 4302 });
    expect(parseListen('4302')).toMatchObject({ problem: expect.stringContaining('HOST:PUERTO') });
    expect(publicUrlProblem('https://hooks.example.com')).toBeNull();
    expect(publicUrlProblem('http://127.0.0.1:4302')).toBeNull();
    expect(publicUrlProblem('http://hooks.example.com')).toMatch(/https/);
    expect(publicUrlProblem('https://u:p@hooks.example.com')).toMatch(/usuario/);
    expect(hookUrl('https://hooks.example.com/', 'tok')).toBe('https://hooks.example.com/webhooks/service/tok');
  });
});
