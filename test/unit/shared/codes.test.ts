import { describe, expect, it } from 'vitest';
import {
  IDENTIFICATION_TYPES, MUNICIPALITIES, PAYMENT_FORMS, PAYMENT_MEANS, PERSON_TYPES, TAX_REGIMES, TAX_TYPES,
  TAX_USUAL_RATES, UNIT_MEASURES, findMunicipality, labelOf, taxShortName,
} from '../../../shared/codes';

describe('code lists', () => {
  it('carry the DIAN codes with Spanish labels', () => {
    expect(IDENTIFICATION_TYPES['13']).toBe('Cédula de ciudadanía');
    expect(IDENTIFICATION_TYPES['31']).toBe('NIT');
    expect(Object.keys(IDENTIFICATION_TYPES).sort()).toEqual(
      ['11', '12', '13', '21', '22', '31', '41', '42', '47', '48', '50', '91']);
    expect(PERSON_TYPES['2']).toBe('Persona natural');
    expect(TAX_REGIMES['49']).toBe('No responsable de IVA');
    expect(TAX_TYPES['01']).toBe('IVA');
    expect(TAX_TYPES['22']).toBe('Bolsas plásticas');
    expect(taxShortName('04')).toBe('INC');
    expect(taxShortName('22')).toBe('INC Bolsas');
    expect(taxShortName('ZZ')).toBe('ZZ');
    expect(PAYMENT_FORMS['1']).toBe('Contado');
    expect(PAYMENT_MEANS['10']).toBe('Efectivo');
    expect(PAYMENT_MEANS.ZZZ).toBe('Otro');
    expect(UNIT_MEASURES['94']).toBe('Unidad');
    expect(UNIT_MEASURES.KGM).toBe('Kilogramo');
  });

  it('offer the usual rates: IVA 0, 5, 19 and INC 8', () => {
    expect(TAX_USUAL_RATES['01']).toEqual([0, 5, 19]);
    expect(TAX_USUAL_RATES['04']).toEqual([8]);
    expect(Object.keys(TAX_USUAL_RATES).sort()).toEqual(Object.keys(TAX_TYPES).sort());
  });

  it('list municipalities by 5-digit DIVIPOLA code', () => {
    expect(MUNICIPALITIES['11001']).toBe('Bogotá, D.C.');
    expect(MUNICIPALITIES['05001']).toBe('Medellín');
    expect(MUNICIPALITIES['76001']).toBe('Cali');
    expect(MUNICIPALITIES['08001']).toBe('Barranquilla');
    expect(MUNICIPALITIES['13001']).toBe('Cartagena de Indias');
    expect(MUNICIPALITIES['68001']).toBe('Bucaramanga');
    for (const code of Object.keys(MUNICIPALITIES)) expect(code).toMatch(/^\d{5}$/);
  });

  it('labelOf keeps an unknown code as it is', () => {
    expect(labelOf(PAYMENT_MEANS, '48')).toBe('Tarjeta crédito');
    expect(labelOf(PAYMENT_MEANS, '99')).toBe('99');
    expect(labelOf(PAYMENT_MEANS, 'toString')).toBe('toString');
  });
});

describe('findMunicipality', () => {
  const codes = (query: string): string[] => findMunicipality(query).map((m) => m.code);

  it('finds by name prefix, ignoring accents and case', () => {
    expect(codes('bogota')).toEqual(['11001']);
    expect(codes('MEDELLIN')).toEqual(['05001']);
    expect(codes('cúcu')).toEqual(['54001']);
    expect(codes('  ibague ')).toEqual(['73001']);
  });

  it('lists every match, names starting with the query first', () => {
    // "ca": Cali and Cartagena start with it; Puerto Carreño only has a word that does.
    expect(codes('ca')).toEqual(['76001', '13001', '99001']);
    expect(codes('marta')).toEqual(['47001']);
  });

  it('finds by code or code prefix', () => {
    expect(findMunicipality('68001')).toEqual([{ code: '68001', name: 'Bucaramanga' }]);
    expect(codes('05')).toEqual(['05001']);
  });

  it('returns nothing for an unknown name and everything for a blank query', () => {
    expect(findMunicipality('gotham')).toEqual([]);
    expect(findMunicipality('99999')).toEqual([]);
    expect(findMunicipality('')).toHaveLength(Object.keys(MUNICIPALITIES).length);
  });
});
