import { describe, expect, it } from 'vitest';
import type { SyncStatusDto } from '../../../shared/bridge/types';
import { summarizeStatus } from '../../../renderer/status/status-summary';
import { messagesFor } from '../../../renderer/i18n/messages';

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
