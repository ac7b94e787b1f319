import { describe, expect, it } from 'vitest';
import { parseBridgeInput, type BridgeError } from '../../../shared/bridge/contract';
import { consumidorFinal } from '../../../shared/customer';
import { describeBridgeError, fieldLabel, localizeFieldMessage, localizeFields } from '../../../renderer/bridge/bridge-error-text';
import { counterMessagesFor as messagesFor } from '../../../renderer/i18n/counter-text';
import { loadMessages } from '../../../renderer/i18n/messages';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const es = messagesFor('es-CO');
const en = messagesFor('en');
const item = { code: 'P-1', name: 'Leche', quantity: 1, unit_measure: '94', price: 4200, discount_rate: 0, taxes: [{ code: '01', rate: 0 }] };

/** The error the core's bridge really answers (its own validation, not a hand-written copy). */
function rejected(method: Parameters<typeof parseBridgeInput>[0], input: unknown): BridgeError {
  const parsed = parseBridgeInput(method, input);
  if (parsed.ok) throw new Error('expected the bridge to refuse the input');
  return parsed.error;
}

describe('bridge errors in the cashier\'s language', () => {
  it('turns the consumidor-final charge without e-mail into a Spanish sentence naming the field', () => {
    const error = rejected('sales.charge', {
      customer: consumidorFinal({ email: '', municipality_code: '11001' }), items: [item], payment: { form_code: '1', means_code: '10' },
    });
    expect(error.message).toContain('customer.email: must not be empty');
    const text = describeBridgeError(error, es);
    expect(text).toBe('Algunos datos no son válidos. correo electrónico del cliente: no puede estar vacío');
    expect(text).not.toMatch(/Some data|must/);
    expect(describeBridgeError(error, en)).toBe('Some data is not valid. customer e-mail: must not be empty');
  });

  it('localizes every rule the seller form can break, as the contract words them', () => {
    const error = rejected('settings.save', {
      seller: { name: '', nit: '12', dv: 'x', address: '', phone: '', email: 'nope', municipalityCode: '1', resolutionText: '' },
      defaultEmail: 'no', preferredRangeId: 'abc',
    });
    const fields = localizeFields(error.fields, es);
    expect(fields).toEqual({
      'seller.name': 'la razón social es obligatoria',
      'seller.nit': 'el NIT debe tener de 5 a 15 dígitos, sin el DV',
      'seller.dv': 'debe ser un solo dígito',
      'seller.email': 'debe ser un correo válido',
      'seller.municipalityCode': 'debe ser un código de municipio (DIVIPOLA) de 5 dígitos',
      defaultEmail: 'debe ser un correo válido',
      preferredRangeId: 'debe ser un rango de numeración',
    });
  });

  it('localizes the connection rules and the core\'s own field messages', () => {
    const error = rejected('settings.saveConnection', { baseUrl: 'not a url', clientId: 'abc', clientSecret: '' });
    expect(localizeFields(error.fields, es)).toEqual({
      baseUrl: 'debe ser una URL completa, por ejemplo https://api.ejemplo.com',
      clientId: 'debe empezar por fc_',
      clientSecret: 'es obligatorio',
    });
    expect(localizeFieldMessage('the check digit does not match NIT 900123456', es)).toBe('el DV no corresponde al NIT 900123456');
    expect(localizeFieldMessage('property foo should not exist', es)).toBe('el dato «foo» no se admite');
    expect(localizeFieldMessage('must be at least $11,900.50, the amount due in cash ($1,900 missing)', es))
      .toBe('debe ser al menos $\u00A011.900,50, lo que se cobra en efectivo (faltan $\u00A01.900)');
  });

  it('keeps an unknown field message as it came, and never shows a path without words ("pin:")', () => {
    expect(localizeFieldMessage('frobnication failed', es)).toBe('frobnication failed');
    expect(fieldLabel('customer.zip', es)).toBe('');
    expect(fieldLabel('ownerOverride.pin', es)).toBe('PIN del dueño');
    expect(describeBridgeError({ code: 'INVALID_INPUT', message: 'x', fields: { pin: 'must be 4 to 8 digits' } }, es))
      .toBe('Algunos datos no son válidos. PIN: debe tener de 4 a 8 dígitos');
    expect(describeBridgeError({ code: 'INVALID_INPUT', message: 'x', fields: { 'settings.connection.kind': 'frobnication failed' } }, es))
      .toBe('Algunos datos no son válidos. frobnication failed');
    expect(fieldLabel('items.2.price', es)).toBe('precio de la línea 3');
    expect(fieldLabel('defaultEmail', es)).toBe('correo por defecto');
  });

  it('leads with a sentence for each code, then the core\'s detail', () => {
    const codes: BridgeError['code'][] = ['INVALID_INPUT', 'KEYCHAIN_UNAVAILABLE', 'SERVICE', 'UNAVAILABLE', 'INTERNAL', 'FORBIDDEN'];
    const leads = codes.map((code) => describeBridgeError({ code, message: '' }, es));
    expect(new Set(leads).size).toBe(codes.length);
    // Said by its reason code; the service's own words only when it answered them, introduced as such.
    expect(describeBridgeError({ code: 'SERVICE', message: 'The invoicing service answered: Could not connect to the invoicing service', reason: 'NETWORK' }, es))
      .toBe('El servicio de facturación respondió con un error. No hay conexión con el servicio de facturación; revise la red o la dirección.');
    expect(describeBridgeError({ code: 'SERVICE', message: 'The invoicing service answered: x', reason: 'VALIDATION', serviceMessage: 'grant_type must be client_credentials' }, es))
      .toBe('El servicio de facturación respondió con un error. El servicio de facturación no aceptó los datos enviados. Respuesta del servicio: grant_type must be client_credentials');
    // A sentence of the core with no Spanish words is left out of a Spanish screen, kept on an English one.
    expect(describeBridgeError({ code: 'SERVICE', message: 'The invoicing service answered: boom' }, es)).toBe('El servicio de facturación respondió con un error.');
    expect(describeBridgeError({ code: 'NOT_FOUND', message: 'There is no sale 42.' }, es)).toBe('No se encontró lo solicitado. No existe la venta 42.');
    expect(describeBridgeError({ code: 'INVALID_INPUT', message: 'There is already a person called Ana.' }, es)).toBe('Algunos datos no son válidos. Ya hay una persona llamada Ana.');
    expect(describeBridgeError({ code: 'KEYCHAIN_UNAVAILABLE', message: 'no keyring' }, en))
      .toBe('The system keychain is not available; unlock it and try again. no keyring');
  });
});
