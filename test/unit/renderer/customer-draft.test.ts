import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { checkCustomer } from '../../../renderer/customer/customer-check';
import {
  blankCustomer, changeCustomer, computeDv, municipalityCodeOf, municipalityName, municipalityText, tidyCustomer,
} from '../../../renderer/customer/customer-draft';

const defaults = { email: '', municipality_code: '11001' };

/** Real NITs with their DV from public documents (test/fixtures). */
const realNits = readFileSync(new URL('../../fixtures/co-nit-valid.txt', import.meta.url), 'utf8')
  .split('\n').map((l) => l.trim()).filter((l) => /^\d+ \d$/.test(l)).map((l) => l.split(' ') as [string, string]);

describe('the new-customer form', () => {
  it('computes the DV of a cédula as it is typed, ignoring dots and dashes', () => {
    let c = blankCustomer(defaults);
    c = changeCustomer(c, 'identification', '1.020.304.050');
    expect(c.identification).toBe('1020304050');
    expect(c.dv).toBe(computeDv('1020304050', '13'));
  });

  it('for a NIT suggests a company responsible for IVA and checks the DV the cashier types', () => {
    let c = changeCustomer(blankCustomer(defaults), 'identification_type', '31');
    expect([c.person_type, c.tax_regime]).toEqual(['1', '48']);
    c = changeCustomer(c, 'identification', '900373115');
    expect(c.dv).toBe(''); // typed from the RUT, not filled in
    c = { ...changeCustomer(c, 'dv', '4'), name: 'Tienda SAS', email: 'compras@tienda.co' };
    expect(checkCustomer(c).dv).toBe('problemDv');
    expect(checkCustomer(changeCustomer(c, 'dv', '3'))).toEqual({});
  });

  it('accepts every real NIT of the fixture with its DV and refuses a wrong DV', () => {
    expect(realNits.length).toBeGreaterThan(100);
    for (const [nit, dv] of realNits) {
      const c = { ...blankCustomer({ email: 'a@b.co', municipality_code: '11001' }), identification_type: '31', identification: nit, dv, name: 'X' };
      expect(checkCustomer(c)).toEqual({});
      expect(checkCustomer({ ...c, dv: String((Number(dv) + 1) % 10) }).dv).toBe('problemDv');
    }
  });

  it('lists each missing or malformed field', () => {
    const c = { ...blankCustomer({ email: 'no-at-sign', municipality_code: '123' }), identification: '12ab' };
    expect(checkCustomer(c)).toEqual({
      identification: 'problemIdentification', dv: 'problemRequired', name: 'problemRequired', email: 'problemEmail',
      municipality_code: 'problemMunicipality',
    });
  });

  it('allows letters for a passport, whose DV is not computed from the number', () => {
    let c = changeCustomer(blankCustomer({ email: 'v@x.com', municipality_code: '05001' }), 'identification_type', '41');
    c = { ...changeCustomer(c, 'identification', 'AB123456'), name: 'Visitante' };
    expect(c.dv).toBe('0');
    expect(checkCustomer(c)).toEqual({});
  });

  it('agrees with the shared consumidor final', () => {
    const cf = consumidorFinal({ email: 'caja@tienda.co', municipality_code: '11001' });
    expect(checkCustomer(cf)).toEqual({});
  });

  it('names known municipalities and tidies what was typed', () => {
    expect(municipalityName('54001')).toBe('Cúcuta');
    expect(municipalityName('99999')).toBeNull();
    const c = tidyCustomer({ ...blankCustomer(defaults), name: '  Ana   María  Pérez ', email: ' ana@x.co ' });
    expect([c.name, c.email]).toEqual(['Ana María Pérez', 'ana@x.co']);
  });
});

describe('a municipality field', () => {
  it('reads a code, or the one municipality a name stands for', () => {
    expect(municipalityCodeOf(' 05001 ')).toBe('05001');
    expect(municipalityCodeOf('medell')).toBe(municipalityCodeOf('Medellín'));
    expect(municipalityCodeOf('')).toBe('');
  });

  it('keeps what was typed while it stands for the code, and shows a code set from elsewhere', () => {
    expect(municipalityText('05001', '05001')).toBe('05001');
    expect(municipalityText('', '')).toBe('');
    // fresh settings after switching connection: the demo's municipality must not stay on screen
    expect(municipalityText('11001', '05001')).toBe('05001');
    expect(municipalityText('11001', '')).toBe('');
  });
});
