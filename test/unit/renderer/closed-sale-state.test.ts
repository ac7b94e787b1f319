/** History names a voided or replaced sale for what it is, not "Requiere atención", and offers no resend for it. */
import { describe, expect, it } from 'vitest';
import { canRetrySale, saleStateText } from '../../../renderer/history/sale-state-text';
import { en } from '../../../renderer/i18n/en';
import { es } from '../../../renderer/i18n/es';

const NBSP = '\u00A0';
const open = { state: 'needs_attention' as const, closed: null, replacedBy: null };
const voided = { state: 'needs_attention' as const, closed: 'voided' as const, replacedBy: null };
const replaced = { state: 'needs_attention' as const, closed: 'replaced' as const, replacedBy: { id: 9, shortNumber: 124, tillName: 'Caja 1' } };

describe('a closed sale in History', () => {
  it('reads "Anulada" or "Reemplazada por Caja 1 · 000124" instead of "Requiere atención"', () => {
    expect(saleStateText(voided, es, 'Caja 2')).toEqual({ text: 'Anulada', className: 'state state-closed' });
    expect(saleStateText(replaced, es, 'Caja 2').text).toBe(`Reemplazada por Caja 1${NBSP}·${NBSP}000124`);
    expect(saleStateText({ ...replaced, replacedBy: { ...replaced.replacedBy, tillName: '' } }, es, 'Caja 2').text)
      .toBe(`Reemplazada por Caja 2${NBSP}·${NBSP}000124`);
    expect(saleStateText(replaced, en, '').text).toBe(`Replaced by Caja 1${NBSP}·${NBSP}000124`);
    expect(saleStateText(open, es, 'Caja 1')).toEqual({ text: 'Requiere atención', className: 'state state-needs_attention' });
  });
  it('offers "Reintentar envío" only for an open sale that needs attention', () => {
    expect(canRetrySale(open)).toBe(true);
    expect(canRetrySale(voided)).toBe(false);
    expect(canRetrySale(replaced)).toBe(false);
    expect(canRetrySale({ ...open, state: 'validated' })).toBe(false);
  });
});
