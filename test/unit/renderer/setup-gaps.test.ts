import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../shared/bridge/types';
import { nitCheckDigit } from '../../../shared/nit';
import { setupGaps } from '../../../renderer/settings/setup-gaps';

const EMPTY_SELLER = { name: '', nit: '', dv: '', address: '', phone: '', email: '', municipalityCode: '', resolutionText: '' };

/** Settings as the core answers them right after switching to a real service (no seller, no defaults yet). */
const justSwitched = (): SettingsDto => ({
  connection: { mode: 'service', baseUrl: 'https://api.example.com', clientId: 'fc_tienda', hasSecret: true, secretState: 'stored', keychainProblem: null },
  seller: EMPTY_SELLER, locale: 'es-CO', paperWidth: 80, printerName: null, silentPrint: false, preferredRangeId: null,
  defaultEmail: '', defaultMunicipalityCode: '11001', tillId: 'till-1', tillName: 'Caja 1', rateShare: 100, cashierMaxDiscount: 0,
  numberingAuthorization: null,
});

describe('what Settings says is still missing', () => {
  it('after switching to a real service: the seller and the default e-mail, each with the field to fill in', () => {
    expect(setupGaps(justSwitched())).toEqual([
      { kind: 'setupSeller', fieldId: 'seller-name' },
      { kind: 'setupDefaultEmail', fieldId: 'pref-email' },
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
    ]);
  });

  it('says nothing once the shop has entered its details', () => {
    const seller = { ...EMPTY_SELLER, name: 'Tienda', nit: '900123456', dv: nitCheckDigit('900123456'), municipalityCode: '05001' };
    expect(setupGaps({ ...justSwitched(), seller, defaultEmail: 'caja@tienda.co' })).toEqual([]);
  });
});
