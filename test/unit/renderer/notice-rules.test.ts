/** The counter's "not in the catalog" notices are told apart from the rest, in both languages (issue 29). */
import { describe, expect, it } from 'vitest';
import { isNotFoundNotice } from '../../../renderer/app/notice-rules';
import { messagesFor } from '../../../renderer/i18n/messages';

describe('isNotFoundNotice', () => {
  for (const locale of ['es-CO', 'en'] as const) {
    const t = messagesFor(locale);
    it(`knows an unknown barcode or an unmatched search (${locale})`, () => {
      expect(isNotFoundNotice(t.barcodeNotFound('7709999999999'), t)).toBe(true);
      expect(isNotFoundNotice(t.productNotFound('arroz integral'), t)).toBe(true);
    });
    it(`leaves every other error alone (${locale})`, () => {
      expect(isNotFoundNotice(t.chargeEmpty, t)).toBe(false);
      expect(isNotFoundNotice(t.chargeFixLines, t)).toBe(false);
      expect(isNotFoundNotice(t.barcodeNotFound(''), t)).toBe(false);
    });
  }
});
