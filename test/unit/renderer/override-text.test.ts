/** An owner's approval said in the screen's language from the facts the core keeps (issue 17), old rows included. */
import { describe, expect, it } from 'vitest';
import { readOverrideDetail } from '../../../shared/override-detail';
import { loadMessages } from '../../../renderer/i18n/messages';
import { screenMessagesFor as messagesFor } from '../../../renderer/i18n/screen-text';
import { overrideText } from '../../../renderer/people/override-text';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const es = messagesFor('es-CO');
const en = messagesFor('en');
const line = {
  code: 'CAF-500', name: 'Café molido', catalogPrice: '11200', catalogTaxes: [{ code: '01', rate: '5' }],
  chargedPrice: '10500', chargedTaxes: [{ code: '01', rate: '5' }],
};

describe('an approval in words', () => {
  it('a price change reads with pesos and the tax as "IVA 5 %", in Spanish and in English', () => {
    expect(overrideText({ kind: 'price', lines: [line] }, es, 'es-CO'))
      .toBe('Café molido (CAF-500): precio del catálogo $\u00A011.200 con IVA\u00A05\u00A0%; cobrado $\u00A010.500 con IVA\u00A05\u00A0%');
    expect(overrideText({ kind: 'price', lines: [line] }, en, 'en'))
      .toBe('Café molido (CAF-500): catalog price $11,200 with IVA\u00A05%; charged $10,500 with IVA\u00A05%');
    expect(overrideText({ kind: 'price', lines: [{ ...line, catalogPrice: null, catalogTaxes: [], chargedTaxes: [] }] }, es, 'es-CO'))
      .toBe('Café molido (CAF-500): no está en el catálogo; cobrado $\u00A010.500 sin impuesto');
  });

  it('other approvals name what changed in Spanish, never a method name or a settings key', () => {
    expect(overrideText({ kind: 'settings', fields: ['tillName', 'defaultEmail'] }, es, 'es-CO')).toBe('Ajustes cambiados: nombre de la caja, correo por defecto');
    expect(overrideText({ kind: 'catalog', method: 'catalog.save' }, es, 'es-CO')).toBe('Catálogo: producto guardado');
    expect(overrideText({ kind: 'retry', sale: { id: '7', tillName: 'Caja 1', shortNumber: 7, referenceCode: 'K7-01J' } }, es, 'es-CO'))
      .toBe('Venta Caja 1\u00A0·\u00A0000007 enviada de nuevo');
    expect(overrideText({ kind: 'customer-tax', identification: '900373115', changes: [{ field: 'tax_regime', from: '48', to: '49' }] }, es, 'es-CO'))
      .toBe('Cliente 900373115: régimen 48 → 49');
  });

  it('an old English row is read back as facts when it can be, and otherwise shown as its original text', () => {
    const old = readOverrideDetail('CAF-500 Café molido: catalog price 11200, 01 5 %; charged price 10500, 01 5 %');
    expect(old).toEqual({ kind: 'price', lines: [line] });
    const two = readOverrideDetail('A-1 Pan: catalog price 900, no tax; charged price 800, no tax; B-2 Leche: not in the catalog; price 4200.5, 01 19 % + 04 8 %');
    expect(two).toEqual({ kind: 'price', lines: [
      { code: 'A-1', name: 'Pan', catalogPrice: '900', catalogTaxes: [], chargedPrice: '800', chargedTaxes: [] },
      { code: 'B-2', name: 'Leche', catalogPrice: null, catalogTaxes: [], chargedPrice: '4200.5', chargedTaxes: [{ code: '01', rate: '19' }, { code: '04', rate: '8' }] },
    ] });
    expect(readOverrideDetail('Price or tax of A-1 may change on the open sale')).toEqual({ kind: 'price-approved', code: 'A-1' });
    const text = readOverrideDetail('Settings changed: tillName');
    expect(overrideText(text, es, 'es-CO')).toBe('Texto original: Settings changed: tillName');
    expect(readOverrideDetail('{not json')).toEqual({ kind: 'text', text: '{not json' });
    expect(readOverrideDetail('{"kind":"nonsense"}')).toEqual({ kind: 'text', text: '{"kind":"nonsense"}' });
  });
});
