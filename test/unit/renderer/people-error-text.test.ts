/** A refusal by the till's people rules reads as such, never as "this page has no permission to talk to Mostrador". */
import { describe, expect, it } from 'vitest';
import { describeBridgeError } from '../../../renderer/bridge/bridge-error-text';
import { counterMessagesFor as messagesFor } from '../../../renderer/i18n/counter-text';
import { loadMessages } from '../../../renderer/i18n/messages';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const es = messagesFor('es-CO');
const en = messagesFor('en');

describe('people refusals in words', () => {
  it('a wrong owner PIN, a price a cashier may not change, a paused PIN', () => {
    const wrongPin = { code: 'FORBIDDEN' as const, message: 'That is not an owner\'s PIN.', fields: { 'ownerOverride.pin': 'is not an owner\'s PIN' } };
    expect(describeBridgeError(wrongPin, es)).toBe('Se necesita al dueño: no es el PIN de un dueño');
    expect(describeBridgeError(wrongPin, en)).toBe('The owner is needed: is not an owner\'s PIN');
    const price = { code: 'FORBIDDEN' as const, message: 'x', fields: { 'items.0.price': 'differs from the catalog; an owner must approve the change' } };
    expect(describeBridgeError(price, es)).toMatch(/línea 1: el precio o el impuesto no es el del catálogo/);
    // A paused PIN says only that, with when it lifts in Colombian time (15:42 UTC is 10:42 in Bogotá).
    const paused = { code: 'FORBIDDEN' as const, reason: 'PIN_LOCKED', message: 'x', fields: { pin: 'too many wrong PINs; paused until 2026-11-26T15:42:00.000Z' } };
    expect(describeBridgeError(paused, es)).toMatch(/^demasiados PIN equivocados para esta persona: su PIN queda en pausa hasta 26\/11\/2026,? 10:42:00$/);
    expect(describeBridgeError(paused, en)).toContain('paused until');
  });

  it('a page without its bridge key still says so', () => {
    const text = describeBridgeError({ code: 'FORBIDDEN', message: 'missing key' }, es);
    expect(text).toBe(es.bridgeErrors.FORBIDDEN);
    expect(describeBridgeError({ code: 'FORBIDDEN', message: 'missing key' }, en)).toBe(`${en.bridgeErrors.FORBIDDEN} missing key`);
    expect(text).not.toContain('dueño');
  });
});
