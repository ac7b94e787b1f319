import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../shared/bridge/types';
import { nitCheckDigit } from '../../../shared/nit';
import { setupGaps } from '../../../renderer/settings/setup-gaps';
import { screenMessagesFor as messagesFor } from '../../../renderer/i18n/screen-text';

const NOW = Date.UTC(2026, 10, 26, 2, 0);
const AUTH = {
  number: '18760000001', date: '2024-01-01', prefix: 'SETP', from: '990000000', to: '995000000', validFrom: '2024-01-01', validUntil: '2027-12-31',
};

const EMPTY_SELLER = { name: '', nit: '', dv: '', address: '', phone: '', email: '', municipalityCode: '', resolutionText: '' };

/** Settings as the core answers them right after switching to a real service (no seller, no defaults yet). */
const justSwitched = (): SettingsDto => ({
  connection: { mode: 'service', baseUrl: 'https://api.example.com', clientId: 'fc_tienda', hasSecret: true, secretState: 'stored', keychainProblem: null },
  seller: EMPTY_SELLER, locale: 'es-CO', paperWidth: 80, printerName: null, silentPrint: false, preferredRangeId: null,
  defaultEmail: '', defaultMunicipalityCode: '11001', tillId: 'till-1', tillName: 'Caja 1', rateShare: 100, cashierMaxDiscount: 0,
  numberingAuthorization: null, shiftRule: 'ask',
});

describe('what Settings says is still missing', () => {
  it('after switching to a real service: the seller and the default e-mail, each with the field to fill in', () => {
    expect(setupGaps(justSwitched())).toEqual([
      { kind: 'setupSeller', fieldId: 'seller-name' },
      { kind: 'setupDefaultEmail', fieldId: 'pref-email' },
      { kind: 'setupAuthorization', fieldId: 'auth-number' },
    ]);
  });

  it('points at the first seller field that is wrong, and at a missing municipality', () => {
    const s = justSwitched();
    const wrongDv = String((Number(nitCheckDigit('900123456')) + 1) % 10);
    const seller = { ...EMPTY_SELLER, name: 'Tienda', nit: '900123456', dv: wrongDv, municipalityCode: '05001' };
    const gaps = setupGaps({ ...s, seller, defaultEmail: 'caja@tienda.co', defaultMunicipalityCode: '' });
    expect(gaps).toEqual([
      { kind: 'setupSeller', fieldId: 'seller-dv' },
      { kind: 'setupDefaultMunicipality', fieldId: 'pref-municipality' },
      { kind: 'setupAuthorization', fieldId: 'auth-number' },
    ]);
  });

  it('says nothing once the shop has entered its details', () => {
    const seller = { ...EMPTY_SELLER, name: 'Tienda', nit: '900123456', dv: nitCheckDigit('900123456'), municipalityCode: '05001' };
    expect(setupGaps({ ...justSwitched(), seller, defaultEmail: 'caja@tienda.co', numberingAuthorization: AUTH }, NOW)).toEqual([]);
  });

  describe('the numbering authorisation\'s validity (fake clock)', () => {
    const complete = (validUntil: string): SettingsDto => ({
      ...justSwitched(), defaultEmail: 'caja@tienda.co', numberingAuthorization: { ...AUTH, validUntil },
      seller: { ...EMPTY_SELLER, name: 'Tienda', nit: '900123456', dv: nitCheckDigit('900123456'), municipalityCode: '05001' },
    });
    it('warns 30 days before the end, counting Colombian days', () => {
      // 2026-11-26 02:00 UTC is still 2026-11-25 in Bogotá: 30 days to 2026-12-25.
      expect(setupGaps(complete('2026-12-25'), NOW)).toEqual([{ kind: 'setupAuthorizationNear', fieldId: 'auth-validUntil', daysLeft: 30 }]);
      expect(setupGaps(complete('2026-12-26'), NOW)).toEqual([]);
      expect(setupGaps(complete('2026-11-25'), NOW)).toEqual([{ kind: 'setupAuthorizationNear', fieldId: 'auth-validUntil', daysLeft: 0 }]);
    });
    it('says the range expired once its last day is over', () => {
      expect(setupGaps(complete('2026-11-24'), NOW)).toEqual([{ kind: 'setupAuthorizationPast', fieldId: 'auth-validUntil', validUntil: '2026-11-24' }]);
    });
    it('words the warnings in Spanish', () => {
      expect(messagesFor('es-CO').setupAuthorizationNear(12)).toBe('La autorización de numeración DIAN vence en 12 días: pida una nueva resolución a la DIAN.');
      expect(messagesFor('es-CO').setupAuthorizationPast('2026-11-24')).toContain('venció el 2026-11-24');
    });
  });
});
