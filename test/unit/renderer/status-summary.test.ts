import { describe, expect, it } from 'vitest';
import type { SyncStatusDto } from '../../../shared/bridge/types';
import { summarizeStatus } from '../../../renderer/status/status-summary';
import { loadMessages, messagesFor } from '../../../renderer/i18n/messages';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const status = (over: Partial<SyncStatusDto> = {}): SyncStatusDto => ({
  connection: 'online', counts: { waiting: 3, sending: 1, queued: 2, validated: 40, needs_attention: 1 },
  progress: { done: 0, total: 0 }, lastError: null, lastErrorCode: null, lastErrorAt: null, demo: true, ...over,
});

describe('the status bar summary', () => {
  it('counts waiting, sending and queued sales as pending; attention apart', () => {
    const s = summarizeStatus(status());
    expect([s.pending, s.needsAttention, s.progress, s.demo]).toEqual([6, 1, null, true]);
  });

  it('shows the sale being sent within its batch ("sending 12 of 40")', () => {
    const s = summarizeStatus(status({ progress: { done: 11, total: 40 } }));
    expect(s.progress).toEqual({ done: 12, total: 40 });
    expect(messagesFor('es-CO').sendingProgress(12, 40)).toBe('Enviando 12 de 40');
    expect(messagesFor('en').sendingProgress(12, 40)).toBe('Sending 12 of 40');
    expect(summarizeStatus(status({ progress: { done: 40, total: 40 } })).progress).toBeNull();
  });

  it('offers "Reintentar ahora" only when something failed, not merely because sales are pending', () => {
    expect(summarizeStatus(status()).offerRetry).toBe(false);
    expect(summarizeStatus(status({ progress: { done: 3, total: 9 } })).offerRetry).toBe(false);
    expect(summarizeStatus(status({ connection: 'offline' })).offerRetry).toBe(true);
    expect(summarizeStatus(status({ connection: 'unauthorized' })).offerRetry).toBe(true);
    expect(summarizeStatus(status({ lastError: 'the service answered 500', lastErrorCode: 'SERVER' })).offerRetry).toBe(true);
  });

  it('shows no sending progress while offline or refused: the sales are waiting', () => {
    for (const connection of ['offline', 'unauthorized'] as const) {
      const s = summarizeStatus(status({ connection, progress: { done: 0, total: 1 } }));
      expect([s.progress, s.pending]).toEqual([null, 6]);
    }
  });

  it('keeps the connection and the last error as the core said them', () => {
    const s = summarizeStatus(status({ connection: 'unauthorized', lastError: 'The service refused the client id or secret.' }));
    expect(s.connection).toBe('unauthorized');
    expect(s.lastError).toBe('The service refused the client id or secret.');
  });
});

describe('the status bar sees every service with work', () => {
  const counts = (waiting: number, queued = 0) => ({ waiting, sending: 0, queued, validated: 0, needs_attention: 0 });

  it('names the sales of a service not in use apart, and says when its engine is stuck', () => {
    const s = summarizeStatus(status({
      demo: false,
      others: [
        { demo: true, baseUrl: null, counts: counts(2, 1), connection: 'online', lastErrorCode: null },
        { demo: false, baseUrl: 'https://viejo.example.co', counts: counts(1), connection: 'unauthorized', lastErrorCode: 'NO_SECRET' },
        { demo: false, baseUrl: 'https://listo.example.co', counts: counts(0), connection: 'online', lastErrorCode: null },
      ],
    }));
    expect(s.pending).toBe(2); // 6 in all, 4 of them belong to the others
    expect(s.others).toEqual([
      { demo: true, baseUrl: null, pending: 3, connection: 'online', stuck: false },
      { demo: false, baseUrl: 'https://viejo.example.co', pending: 1, connection: 'unauthorized', stuck: true },
    ]);
    const es = messagesFor('es-CO');
    expect(es.otherServicePending(3, null)).toBe('3 ventas del modo demo por enviar');
    expect(es.otherServicePending(1, 'https://viejo.example.co')).toBe('1 venta del servicio https://viejo.example.co por enviar');
    expect(messagesFor('en').otherServicePending(3, null)).toBe('3 sales of the demo mode still to send');
  });

  it('shows nothing apart when no other service has work (or the core says nothing of them)', () => {
    expect(summarizeStatus(status()).others).toEqual([]);
    expect(summarizeStatus(status({ others: [] })).pending).toBe(6);
  });
});

describe('the engine activity on the status bar', () => {
  const at = 1_800_000_000_000;
  it('says the rate limit holds requests, with the seconds left, instead of a frozen "sending 4 of 9"', () => {
    const s = summarizeStatus(status({ progress: { done: 3, total: 9 }, activity: 'rate_limited', resumesAt: at + 39_200 }), at);
    expect(s.progress).toBeNull();
    expect(s.activity).toEqual({ kind: 'rate_limited', seconds: 40 });
    expect(messagesFor('es-CO').activityRateLimited(40)).toBe('Esperando el límite de solicitudes del servicio (reanuda en 40 s)');
    expect(messagesFor('en').activityRateLimited(40)).toBe("Waiting for the service's rate limit (resumes in 40 s)");
  });

  it('says it is checking the connection, or when it checks again while offline', () => {
    expect(summarizeStatus(status({ activity: 'checking_connection' }), at).activity).toEqual({ kind: 'checking_connection' });
    const offline = summarizeStatus(status({ connection: 'offline', activity: 'waiting_for_connection', resumesAt: at + 2_500 }), at);
    expect(offline.activity).toEqual({ kind: 'waiting_for_connection', seconds: 3 });
  });

  it('says nothing about the engine when the credentials or the configuration are the problem', () => {
    expect(summarizeStatus(status({ connection: 'unauthorized', activity: 'waiting_for_connection', resumesAt: at }), at).activity).toBeNull();
    expect(summarizeStatus(status({ connection: 'misconfigured' }), at).activity).toBeNull();
    expect(summarizeStatus(status({ activity: 'validating' }), at).activity).toEqual({ kind: 'validating' });
  });
});
