import { describe, expect, it } from 'vitest';
import { parseBridgeInput, type BridgeError } from '../../../shared/bridge/contract';
import { consumidorFinal } from '../../../shared/customer';
import { describeBridgeError, fieldLabel, localizeFieldMessage, localizeFields } from '../../../renderer/bridge/bridge-error-text';
import { messagesFor } from '../../../renderer/i18n/messages';

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
  });

  it('keeps an unknown field message and path as they came', () => {
    expect(localizeFieldMessage('frobnication failed', es)).toBe('frobnication failed');
    expect(fieldLabel('customer.zip', es)).toBe('customer.zip');
    expect(fieldLabel('items.2.price', es)).toBe('precio de la línea 3');
    expect(fieldLabel('defaultEmail', es)).toBe('correo por defecto');
  });

  it('leads with a sentence for each code, then the core\'s detail', () => {
    const codes: BridgeError['code'][] = ['INVALID_INPUT', 'KEYCHAIN_UNAVAILABLE', 'SERVICE', 'UNAVAILABLE', 'INTERNAL', 'FORBIDDEN'];
    const leads = codes.map((code) => describeBridgeError({ code, message: '' }, es));
    expect(new Set(leads).size).toBe(codes.length);
    expect(describeBridgeError({ code: 'SERVICE', message: 'The invoicing service answered: boom' }, es))
      .toBe('El servicio de facturación respondió con un error. The invoicing service answered: boom');
    expect(describeBridgeError({ code: 'KEYCHAIN_UNAVAILABLE', message: 'no keyring' }, en))
      .toBe('The system keychain is not available; unlock it and try again. no keyring');
  });
});
