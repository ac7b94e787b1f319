import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calculateTotals } from '../../../shared/money';
import { colombiaDateTime, computeCufe, cufeSourceString, dianQrUrl, type CufeInput } from '../../../sandbox/cufe';
import { ISSUED_AT, SELLER, TOTALS } from './invoice-fixture';

const fixtureCufeInput: CufeInput = {
  fullNumber: 'SETP990000001',
  issuedAt: ISSUED_AT,
  totals: TOTALS,
  sellerNit: SELLER.nit,
  buyerId: '213123435',
  technicalKey: SELLER.technicalKey,
  environment: '2',
};

describe('cufeSourceString', () => {
  it('reproduces the CUFE of the worked example in DIAN\'s Anexo técnico (SHA-384 over the same concatenation)', () => {
    // Invoice 323200000129 of 2019-01-16 10:53:10 (Bogotá): 1,500,000.00 + IVA 285,000.00, production environment.
    const example: CufeInput = {
      fullNumber: '323200000129',
      issuedAt: new Date('2019-01-16T15:53:10Z'),
      totals: calculateTotals([{ quantity: 1, price: 1500000, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] }]),
      sellerNit: '700085371',
      buyerId: '800199436',
      technicalKey: '693ff6f2a553c3646a063436fd4dd9ded0311471',
      environment: '1',
    };
    const source = cufeSourceString(example);
    expect(createHash('sha384').update(source).digest('hex')).toBe(
      '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4',
    );
  });

  it('puts each tax code in its slot, sums several rates of one code and writes 0.00 for absent taxes', () => {
    const totals = calculateTotals([
      { quantity: 1, price: 1000, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] },
      { quantity: 1, price: 1000, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
      { quantity: 1, price: 500, discount_rate: 0, taxes: [{ code: '03', rate: 0.966 }] },
    ]);
    const source = cufeSourceString({ ...fixtureCufeInput, totals });
    // 190.00 + 50.00 IVA; no INC; ICA 4.83 (4.83 = 500 × 0.966 % rounded half-up).
    expect(source).toContain('2500.00' + '01' + '240.00' + '04' + '0.00' + '03' + '4.83' + '2744.83');
  });

  it('concatenates the fixture sale in DIAN order with Colombia date and time', () => {
    expect(cufeSourceString(fixtureCufeInput)).toBe(
      'SETP990000001' + '2024-03-09' + '14:05:09-05:00' + '15074.35' +
        '01' + '1534.13' + '04' + '560.00' + '03' + '0.00' + '17168.48' +
        '900373115' + '213123435' + 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' + '2',
    );
  });
});

describe('computeCufe', () => {
  it('is the lowercase SHA-256 hex (64 characters) of the source string', () => {
    const cufe = computeCufe(fixtureCufeInput);
    expect(cufe).toMatch(/^[0-9a-f]{64}$/);
    expect(cufe).toBe(createHash('sha256').update(cufeSourceString(fixtureCufeInput)).digest('hex'));
  });

  it('changes when any amount changes by one cent', () => {
    const other = calculateTotals([
      { quantity: 3, price: 2990.5, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] },
      { quantity: 2, price: 3500.01, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] },
    ]);
    expect(computeCufe({ ...fixtureCufeInput, totals: other })).not.toBe(computeCufe(fixtureCufeInput));
  });
});

describe('colombiaDateTime', () => {
  it('uses UTC−5 all year, also when the UTC date is already the next day', () => {
    expect(colombiaDateTime(new Date('2024-03-10T03:00:00Z'))).toEqual({ date: '2024-03-09', time: '22:00:00-05:00' });
    expect(colombiaDateTime(new Date('2024-07-01T05:00:00Z'))).toEqual({ date: '2024-07-01', time: '00:00:00-05:00' });
  });
});

describe('dianQrUrl', () => {
  it('points at the habilitación catalogue with the CUFE as documentkey', () => {
    const cufe = computeCufe(fixtureCufeInput);
    const url = new URL(dianQrUrl(cufe));
    expect(url.origin).toBe('https://catalogo-vpfe-hab.dian.gov.co');
    expect(url.pathname).toBe('/document/searchqr');
    expect(url.searchParams.get('documentkey')).toBe(cufe);
  });
});
