/**
 * The counter's late chunk (renderer/sale/counter-later.ts) holds the words of what went wrong: a notice of the
 * counter that awaits it still says the error in the till's language, the same words the back office uses.
 */
import { describe, expect, it } from 'vitest';
import { describeBridgeError } from '../../../renderer/bridge/bridge-error-text';
import { counterMessagesFor } from '../../../renderer/i18n/counter-text';
import { loadMessages, messagesFor } from '../../../renderer/i18n/messages';
import { counterLaterNow, describeBridgeErrorSoon, loadCounterLater } from '../../../renderer/sale/counter-later-loader';

await loadMessages('en');

const refusal = { code: 'INVALID_INPUT' as const, message: 'x', fields: { 'customer.email': 'must be a valid e-mail address' } };

describe("the counter's late chunk", () => {
  it('says a refusal in Spanish once loaded, as the back office would', async () => {
    const text = await describeBridgeErrorSoon(refusal, 'es-CO');
    expect(text).toBe(describeBridgeError(refusal, counterMessagesFor('es-CO')));
    expect(text).toMatch(/correo electrónico del cliente/);
    expect(text).not.toMatch(/must be|e-mail address/);
    expect(await describeBridgeErrorSoon(refusal, 'en')).toMatch(/e-mail/);
  });

  it('is fetched once and then here at once, with every late part', async () => {
    const first = await loadCounterLater();
    expect(await loadCounterLater()).toBe(first);
    expect(counterLaterNow()).toBe(first);
    for (const part of [first.CustomerSearch, first.ParkedList, first.Keypad, first.OwnerPinDialog, first.ConfirmTotal, first.LastSale, first.SyncErrorLine]) {
      expect(typeof part).toBe('function');
    }
  });

  it("has a general sentence in the first render's words for when it cannot load", () => {
    expect(messagesFor('es-CO').problemWordsMissing).toMatch(/no se pudo cargar/);
    expect(messagesFor('es-CO').counterPartMissing).toMatch(/No se pudo cargar/);
  });
});
