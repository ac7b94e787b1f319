/** The authorisation is a settings row: saved, read back, and in demo mode the sandbox range's own. */
import { describe, expect, it } from 'vitest';
import { DEMO_AUTHORIZATION, KEYS, readSettings, writeSettings, type SettingsRows } from '../../../electron/core/app/settings-mapping';
import { bridgeContract } from '../../../shared/bridge/contract';

const rows = (init: Record<string, string> = {}): SettingsRows => {
  const m = new Map(Object.entries(init));
  return { getSetting: (k) => m.get(k) ?? null, setSetting: (k, v) => void m.set(k, v), tillId: () => 'till-1' };
};
const SELLER = { name: '', nit: '', dv: '', address: '', phone: '', email: '', municipalityCode: '', resolutionText: '' };
const read = (r: SettingsRows) => readSettings(r, { demoSeller: SELLER, secretState: 'missing' }).numberingAuthorization;
const AUTH = { number: '18764000001', date: '2025-03-01', prefix: 'FE', from: '1', to: '5000', validFrom: '2025-03-01', validUntil: '2027-03-01' };

describe('the numbering authorisation in settings', () => {
  it('is none on a real service until saved, then what was saved', () => {
    const r = rows({ [KEYS.mode]: 'service' });
    expect(read(r)).toBeNull();
    writeSettings(r, { numberingAuthorization: AUTH });
    expect(read(r)).toEqual(AUTH);
  });

  it('in demo mode falls back to the sandbox range; a damaged row is not printed', () => {
    expect(read(rows())).toEqual(DEMO_AUTHORIZATION);
    expect(read(rows({ [KEYS.mode]: 'service', [KEYS.numberingAuthorization]: '{"number":"x"}' }))).toBeNull();
  });

  it('the bridge refuses a bad authorisation before it is stored', () => {
    const input = bridgeContract['settings.save'].input;
    expect(input.safeParse({ numberingAuthorization: AUTH }).success).toBe(true);
    const bad = input.safeParse({ numberingAuthorization: { ...AUTH, to: '0' } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['numberingAuthorization', 'to']);
  });
});
