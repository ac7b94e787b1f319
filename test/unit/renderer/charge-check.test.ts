import { describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { buyerGap } from '../../../renderer/sale/charge-check';
import { counterMessagesFor as messagesFor } from '../../../renderer/i18n/counter-text';
import { loadMessages } from '../../../renderer/i18n/messages';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const defaults = { defaultEmail: 'caja@tienda.example.co', defaultMunicipalityCode: '05001' };
const luis = { ...consumidorFinal({ email: 'luis@example.co', municipality_code: '76001' }), identification: '52345678', name: 'Luis Pérez' };

describe('before Cobrar: the buyer\'s e-mail and municipality', () => {
  it('lets a complete sale through', () => {
    expect(buyerGap(null, defaults)).toBeNull();
    expect(buyerGap(luis, defaults)).toBeNull();
  });

  it('sends consumidor final without a default e-mail to Settings → This till → default e-mail', () => {
    const gap = buyerGap(null, { ...defaults, defaultEmail: '' });
    expect(gap).toEqual({ message: 'chargeNeedsDefaultEmail', place: 'settings', fieldId: 'pref-email' });
    const message = gap?.message ?? 'chargeNeedsCustomerEmail';
    expect(messagesFor('es-CO')[message]).toContain('Ajustes → Esta caja → Correo por defecto');
    expect(messagesFor('en')[message]).toContain('Settings → This till → Default e-mail');
  });

  it('sends a missing default municipality to its field too', () => {
    expect(buyerGap(null, { ...defaults, defaultMunicipalityCode: '' }))
      .toEqual({ message: 'chargeNeedsDefaultMunicipality', place: 'settings', fieldId: 'pref-municipality' });
    expect(messagesFor('es-CO').chargeNeedsDefaultMunicipality).toContain('Ajustes → Esta caja → Municipio por defecto');
  });

  it('sends a named customer without e-mail or municipality to the customer form', () => {
    expect(buyerGap({ ...luis, email: ' ' }, defaults)).toEqual({ message: 'chargeNeedsCustomerEmail', place: 'customer', fieldId: 'cf-email' });
    expect(buyerGap({ ...luis, municipality_code: '' }, { defaultEmail: '', defaultMunicipalityCode: '' }))
      .toEqual({ message: 'chargeNeedsCustomerMunicipality', place: 'customer', fieldId: 'cf-municipality' });
  });
});
