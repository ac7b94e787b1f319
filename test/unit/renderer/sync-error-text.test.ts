import { describe, expect, it } from 'vitest';
import { counterMessagesFor as messagesFor } from '../../../renderer/i18n/counter-text';
import { loadMessages } from '../../../renderer/i18n/messages';
import { describeSyncError } from '../../../renderer/status/sync-error-text';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const es = messagesFor('es-CO');
const en = messagesFor('en');
// The codes the sync engine sends (electron/core/sync/sync-engine.ts errorCode()).
const CODES = [
  'NETWORK', 'TIMEOUT', 'CONNECTION_LOST', 'BAD_RESPONSE', 'RATE_LIMITED', 'UNAUTHORIZED', 'NO_SECRET', 'KEYCHAIN_UNAVAILABLE',
  'RANGE_UNAVAILABLE', 'RANGE_INVALID', 'CLOSED', 'TRANSIENT', 'PERMANENT', 'AUTH', 'CONTRACT', 'LOCAL',
];

describe('the status bar\'s last error', () => {
  it('says a network failure in Spanish and keeps the technical message as the detail', () => {
    const raw = 'fetch failed: connect ECONNREFUSED 127.0.0.1:4010';
    expect(describeSyncError({ lastError: raw, lastErrorCode: 'NETWORK' }, es)).toEqual({
      text: 'Sin conexión con el servicio de facturación; las ventas esperan y se enviarán solas.', detail: raw,
    });
    expect(describeSyncError({ lastError: raw, lastErrorCode: 'NETWORK' }, en)?.text).toMatch(/^No connection to the invoicing service/);
  });

  it('has a distinct sentence for every code the core sends, in both languages', () => {
    for (const t of [es, en]) {
      const texts = CODES.map((code) => describeSyncError({ lastError: 'technical', lastErrorCode: code }, t)?.text);
      expect(texts.every((text) => text !== undefined && text !== 'technical'), texts.join('\n')).toBe(true);
      expect(new Set(texts).size).toBe(CODES.length);
    }
  });

  it('says a general sentence for an unknown code or none, the core\'s own words kept as the detail', () => {
    expect(describeSyncError({ lastError: 'Something new', lastErrorCode: 'VALIDATION' }, es)).toEqual({ text: es.syncErrorOther, detail: 'Something new' });
    expect(describeSyncError({ lastError: 'Something new', lastErrorCode: null }, es)).toEqual({ text: es.syncErrorOther, detail: 'Something new' });
  });

  it('shows nothing once the core has cleared the error, whatever code is left', () => {
    expect(describeSyncError({ lastError: null, lastErrorCode: null }, es)).toBeNull();
    expect(describeSyncError({ lastError: null, lastErrorCode: 'NETWORK' }, es)).toBeNull();
    expect(describeSyncError({ lastError: '  ', lastErrorCode: 'NETWORK' }, es)).toBeNull();
  });
});
