/**
 * Issue 17, "Spanish everywhere", over the dictionaries: the Spanish one never carries a text of the English one,
 * a raw service code or the core's English; the check the e2e runs on every screen finds what it must find.
 */
import { describe, expect, it } from 'vitest';
import { es } from '../../../renderer/i18n/es';
import { dictionaryTexts, englishFound, englishOnlyPhrases } from '../../support/english-phrases';

const spanish = dictionaryTexts(es as unknown as Record<string, unknown>);

describe('the Spanish dictionary', () => {
  it('has no text of the English dictionary that differs from the Spanish one', () => {
    const phrases = englishOnlyPhrases();
    expect(phrases.length).toBeGreaterThan(300);
    const leaked = spanish.filter((text) => englishFound(text, phrases).some((f) => f.startsWith('English')));
    expect(leaked).toEqual([]);
  });

  it('has no raw service code and none of the core\'s English words', () => {
    expect(spanish.filter((text) => englishFound(text, []).length > 0)).toEqual([]);
  });

  it('is read the same way the e2e check reads a screen: English texts and raw codes are found', () => {
    const phrases = englishOnlyPhrases();
    expect(englishFound('Recibida por el servicio: QUEUED', phrases).length).toBeGreaterThanOrEqual(1);
    expect(englishFound('Algunos datos no son válidos. pin: must be 4 to 8 digits', phrases).length).toBeGreaterThanOrEqual(1);
    expect(englishFound('El servicio de facturación respondió con un error. The invoicing service answered: Could not connect', phrases).length)
      .toBeGreaterThanOrEqual(1);
    expect(englishFound('Client ID', phrases).length).toBeGreaterThanOrEqual(1);
    expect(englishFound('Autorizó Ana: catalog price 11200, 01 5 %; charged price 10500', phrases).length).toBeGreaterThanOrEqual(1);
    expect(englishFound('Buscar: Find product', phrases)).toEqual(['English dictionary text: «Find product»']);
    // Spanish that merely starts like an English word is not English.
    expect(englishFound('Productos de la venta · Total $ 18.900 · IVA 19 % · NIT 900373115', phrases)).toEqual([]);
  });
});
