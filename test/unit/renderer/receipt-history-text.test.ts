import { describe, expect, it } from 'vitest';
import { formatCop } from '../../../shared/money';
import { formatRate } from '../../../renderer/format/date-time';
import { attemptText, remoteStatusText } from '../../../renderer/format/remote-status';
import { saleNumberLabel } from '../../../renderer/format/sale-number';
import { taxLabel } from '../../../renderer/format/tax-name';
import { loadMessages } from '../../../renderer/i18n/messages';
import { screenMessagesFor as messagesFor } from '../../../renderer/i18n/screen-text';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

const es = messagesFor('es-CO');
const en = messagesFor('en');

describe('texts on a narrow receipt and in the history', () => {
  it('never break after "$" nor before "%": amounts, rates and tax labels carry no plain space', () => {
    expect(formatRate('19', 'es-CO')).toBe('19\u00A0%');
    expect(formatRate('8.5', 'es-CO')).toBe('8,5\u00A0%');
    expect(taxLabel('01', '19', 'es-CO')).toBe('IVA\u00A019\u00A0%');
    for (const text of [formatRate('5', 'es-CO'), taxLabel('04', '8', 'es-CO'), formatCop('1234567.89', 'es-CO')]) {
      expect(text).not.toMatch(/ /);
    }
  });

  it('count sales with the right singular and plural', () => {
    expect([es.salesCount(0, 0), es.salesCount(1, 1), es.salesCount(2, 2), es.salesCount(100, 250)])
      .toEqual(['0 ventas', '1 venta', '2 ventas', '100 de 250 ventas']);
    expect([en.salesCount(1, 1), en.salesCount(3, 3)]).toEqual(['1 sale', '3 sales']);
  });

  it('say the service\'s known document statuses in words and show unknown ones as they came', () => {
    expect(remoteStatusText('VALIDATED', es)).toBe('Validada');
    expect(remoteStatusText('QUEUED', es)).toBe('Recibida, en validación');
    expect(remoteStatusText('REJECTED', en)).toBe('Rejected');
    expect(remoteStatusText('DIAN_HOLD', es)).toBe('Otro estado del servicio: «DIAN_HOLD»');
    expect(remoteStatusText('toString', es)).toBe('Otro estado del servicio: «toString»');
  });

  it('says each sending attempt without a raw status, the service\'s words introduced as its answer (issue 17)', () => {
    expect(attemptText({ outcome: 'queued', httpStatus: null, message: 'QUEUED' }, es)).toBe('Recibida por el servicio');
    expect(attemptText({ outcome: 'queued', httpStatus: null, message: 'VALIDATED' }, es)).toBe('Recibida por el servicio (Validada)');
    expect(attemptText({ outcome: 'permanent', httpStatus: 422, message: 'VALIDATION: customer.email is invalid' }, es))
      .toBe('Rechazada por el servicio (HTTP 422). Respuesta del servicio: VALIDATION: customer.email is invalid');
    expect(attemptText({ outcome: 'transient', httpStatus: null, message: 'Could not connect to the invoicing service' }, es))
      .toBe('Falló; se volverá a intentar');
    expect(remoteStatusText(null, es)).toBe('—');
  });

  it('write the short sale number as the till\'s name and six digits, kept on one line', () => {
    expect(saleNumberLabel('Caja 1', 123)).toBe('Caja 1\u00A0·\u00A0000123');
    expect(saleNumberLabel('Caja 2', 1234567)).toBe('Caja 2\u00A0·\u00A01234567');
  });
});
