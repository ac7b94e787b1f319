import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calculateLine, calculateTotals, formatCop, ON_PAPER, type LineInput } from '../../../shared/money';
import { formatCents, formatRate, referenceLine, referenceTotals } from '../../support/rational';

const iva19 = { code: '01', rate: 19 };

describe('calculateLine, hand-checked', () => {
  it('3 × 1234.56 with 10 % discount and IVA 19 %', () => {
    // base 3 × 1234.56 = 3703.68; discount 3703.68 × 10 % = 370.368 → 370.37;
    // line 3703.68 − 370.37 = 3333.31; IVA 3333.31 × 19 % = 633.3289 → 633.33; payable 3966.64
    expect(calculateLine({ quantity: 3, price: 1234.56, discount_rate: 10, taxes: [iva19] })).toEqual({
      base: '3703.68', discount: '370.37', line_amount: '3333.31',
      taxes: [{ code: '01', rate: '19', taxable_amount: '3333.31', amount: '633.33' }],
      tax_total: '633.33', payable: '3966.64',
    });
  });

  it('fractional quantity: 0.375 kg at 12 990 with IVA 5 %', () => {
    // base 0.375 × 12990 = 4871.25; IVA 4871.25 × 5 % = 243.5625 → 243.56; payable 5114.81
    const line = calculateLine({ quantity: '0.375', price: '12990', discount_rate: 0, taxes: [{ code: '01', rate: 5 }] });
    expect(line.base).toBe('4871.25');
    expect(line.taxes[0]?.amount).toBe('243.56');
    expect(line.payable).toBe('5114.81');
  });

  it('rounds exact halves up, where binary floats would round down', () => {
    // base 1 × 1.005 = 1.005 → 1.01 (as a float 1.005 is 1.00499999…, which would give 1.00)
    expect(calculateLine({ quantity: 1, price: 1.005, discount_rate: 0, taxes: [] }).base).toBe('1.01');
    // base 0.5 × 0.25 = 0.125 → 0.13
    expect(calculateLine({ quantity: '0.5', price: '0.25', discount_rate: 0, taxes: [] }).base).toBe('0.13');
    // base 10.50; discount 10.50 × 5 % = 0.525 → 0.53; line 9.97
    const discounted = calculateLine({ quantity: 1, price: '10.50', discount_rate: 5, taxes: [] });
    expect([discounted.discount, discounted.line_amount]).toEqual(['0.53', '9.97']);
    // IVA 19 % of 2.50 = 0.475 → 0.48
    expect(calculateLine({ quantity: 1, price: '2.50', discount_rate: 0, taxes: [iva19] }).tax_total).toBe('0.48');
    // just below half: 0.124999 → 0.12
    expect(calculateLine({ quantity: 1, price: '0.124999', discount_rate: 0, taxes: [] }).base).toBe('0.12');
  });

  it('several taxes on one line (IVA 19 % + bolsas 2 %) are each rounded then added', () => {
    // base 2 × 4999.99 = 9999.98; IVA 9999.98 × 19 % = 1899.9962 → 1900.00;
    // bolsas 9999.98 × 2 % = 199.9996 → 200.00; tax_total 2100.00; payable 12099.98
    const line = calculateLine({ quantity: 2, price: '4999.99', discount_rate: 0, taxes: [iva19, { code: '22', rate: 2 }] });
    expect(line.taxes).toEqual([
      { code: '01', rate: '19', taxable_amount: '9999.98', amount: '1900.00' },
      { code: '22', rate: '2', taxable_amount: '9999.98', amount: '200.00' },
    ]);
    expect([line.tax_total, line.payable]).toEqual(['2100.00', '12099.98']);
  });

  it('0 % IVA line has a zero tax that is still listed', () => {
    const line = calculateLine({ quantity: 4, price: 2500, discount_rate: 0, taxes: [{ code: '01', rate: 0 }] });
    expect(line.taxes).toEqual([{ code: '01', rate: '0', taxable_amount: '10000.00', amount: '0.00' }]);
    expect(line.payable).toBe('10000.00');
  });

  it('100 % discount leaves nothing to pay and nothing to tax', () => {
    const line = calculateLine({ quantity: 2, price: '15000', discount_rate: 100, taxes: [iva19] });
    expect([line.base, line.discount, line.line_amount, line.tax_total, line.payable])
      .toEqual(['30000.00', '30000.00', '0.00', '0.00', '0.00']);
  });

  it('normalises rates: "19.00" → "19", 8.50 → "8.5"', () => {
    const line = calculateLine({ quantity: 1, price: 100, discount_rate: 0, taxes: [{ code: '01', rate: '19.00' }, { code: '04', rate: '8.50' }] });
    expect(line.taxes.map((t) => t.rate)).toEqual(['19', '8.5']);
  });

  it('treats a number exactly as it is spelled (0.1 + 0.2 is not 0.3)', () => {
    // 0.1 + 0.2 = 0.30000000000000004 as a float; × 1000 = 300.00000000000004 → 300.00
    expect(calculateLine({ quantity: 0.1 + 0.2, price: 1000, discount_rate: 0, taxes: [] }).base).toBe('300.00');
    expect(calculateLine({ quantity: '1', price: 1e-7, discount_rate: 0, taxes: [] }).base).toBe('0.00');
  });

  it.each<[string, Partial<LineInput>, RegExp]>([
    ['NaN quantity', { quantity: Number.NaN }, /quantity must be a finite number/],
    ['infinite price', { price: Number.POSITIVE_INFINITY }, /price must be a finite number/],
    ['malformed string', { price: '12,50' }, /price is not a decimal number/],
    ['empty string', { quantity: '' }, /quantity is not a decimal number/],
    ['padded string', { quantity: ' 1' }, /quantity is not a decimal number/],
    ['negative quantity', { quantity: -1 }, /quantity must not be negative/],
    ['discount above 100 %', { discount_rate: '100.01' }, /discount_rate is a percentage from 0 to 100/],
    ['absurdly large price', { price: '1e15' }, /price is too large/],
    ['too many digits', { price: '1.0000000000000000001' }, /significant digits/],
    ['malformed tax rate', { taxes: [{ code: '01', rate: 'diecinueve' }] }, /taxes\.0\.rate is not a decimal number/],
    ['empty tax code', { taxes: [{ code: '', rate: 19 }] }, /taxes\.0\.code/],
  ])('rejects %s with a RangeError', (_name, change, message) => {
    const line: LineInput = { quantity: 1, price: 100, discount_rate: 0, taxes: [iva19], ...change };
    expect(() => calculateLine(line)).toThrow(RangeError);
    expect(() => calculateLine(line)).toThrow(message);
  });
});

describe('calculateTotals, hand-checked', () => {
  it('groups taxes by code and numeric rate across lines, sorted by code then rate', () => {
    const totals = calculateTotals([
      // line 1: base 1000.00; IVA 19 % 190.00; INC 8 % 80.00
      { quantity: 1, price: 1000, discount_rate: 0, taxes: [iva19, { code: '04', rate: 8 }] },
      // line 2: base 2 × 250.25 = 500.50; IVA 5 % 25.025 → 25.03
      { quantity: 2, price: '250.25', discount_rate: 0, taxes: [{ code: '01', rate: '5' }] },
      // line 3: base 333.33; discount 10 % 33.333 → 33.33; line 300.00; IVA 19 % 57.00
      { quantity: 1, price: '333.33', discount_rate: 10, taxes: [{ code: '01', rate: '19.0' }] },
    ]);
    expect(totals.taxes).toEqual([
      { code: '01', rate: '5', taxable_amount: '500.50', amount: '25.03' },
      { code: '01', rate: '19', taxable_amount: '1300.00', amount: '247.00' },
      { code: '04', rate: '8', taxable_amount: '1000.00', amount: '80.00' },
    ]);
    // gross 1000.00 + 500.50 + 333.33 = 1833.83; discount 33.33; line_extension 1800.50
    expect([totals.gross, totals.discount, totals.line_extension]).toEqual(['1833.83', '33.33', '1800.50']);
    // taxes 190.00 + 80.00 + 25.03 + 57.00 = 352.03; payable 1800.50 + 352.03 = 2152.53
    expect([totals.tax_total, totals.payable]).toEqual(['352.03', '2152.53']);
    expect(totals.lines).toHaveLength(3);
  });

  it('adds rounded line figures, so three lines of 0.333… do not drift', () => {
    // each line: 1 × 0.333 = 0.333 → 0.33; IVA 19 % of 0.33 = 0.0627 → 0.06
    const line = { quantity: 1, price: '0.333', discount_rate: 0, taxes: [iva19] };
    const totals = calculateTotals([line, line, line]);
    // sums of rounded figures: 0.99 and 0.18 (not r(0.999) = 1.00 or r(0.18981) = 0.19)
    expect([totals.line_extension, totals.tax_total, totals.payable]).toEqual(['0.99', '0.18', '1.17']);
  });

  it('an empty sale totals zero', () => {
    expect(calculateTotals([])).toEqual({
      lines: [], gross: '0.00', discount: '0.00', line_extension: '0.00', taxes: [], tax_total: '0.00', payable: '0.00',
    });
  });

  it('names the line of a malformed input', () => {
    expect(() => calculateTotals([
      { quantity: 1, price: 1, discount_rate: 0, taxes: [] },
      { quantity: 'x', price: 1, discount_rate: 0, taxes: [] },
    ])).toThrow(/line 2: quantity/);
  });
});

describe('formatCop', () => {
  it.each([
    ['1190.00', '$ 1.190,00', '$1,190.00'],
    ['1234567.89', '$ 1.234.567,89', '$1,234,567.89'],
    ['0', '$ 0,00', '$0.00'],
    ['999.999', '$ 1.000,00', '$1,000.00'],
    ['100000000.5', '$ 100.000.000,50', '$100,000,000.50'],
    ['-2500.5', '-$ 2.500,50', '-$2,500.50'],
    ['-0.001', '$ 0,00', '$0.00'],
  ])('on paper, always two decimals: %s → %s / %s', (value, written, en) => {
    // Written here with a plain space for reading; the formatter puts a no-break space after "$".
    const es = written.replace('$ ', '$\u00A0');
    expect(formatCop(value, 'es-CO', ON_PAPER)).toBe(es);
    expect(formatCop(value, 'en', ON_PAPER)).toBe(en);
  });

  it.each([
    ['18900.00', '$ 18.900', '$18,900'],
    ['4201.68', '$ 4.201,68', '$4,201.68'],
    ['100000', '$ 100.000', '$100,000'],
    ['0', '$ 0', '$0'],
    ['999.999', '$ 1.000', '$1,000'],
    ['2500.5', '$ 2.500,50', '$2,500.50'],
    ['-0.001', '$ 0', '$0'],
  ])('on screen (the default), no ",00" when the cents are zero: %s → %s / %s', (value, written, en) => {
    const es = written.replace('$ ', '$\u00A0');
    expect(formatCop(value)).toBe(es);
    expect(formatCop(value, 'es-CO')).toBe(es);
    expect(formatCop(value, 'en')).toBe(en);
  });

  it('a screen amount and a paper amount are the same number', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (cents) => {
      const value = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      const screen = formatCop(value);
      const paper = formatCop(value, 'es-CO', ON_PAPER);
      expect(cents % 100n === 0n ? `${screen},00` : screen).toBe(paper);
    }));
  });

  it('never lets a line break between "$" and the amount (no plain space in its output)', () => {
    for (const value of ['0', '1190.00', '-2500.5', '100000000.5']) {
      expect(formatCop(value, 'es-CO')).not.toMatch(/ /);
      expect(formatCop(value, 'es-CO')).toMatch(/^-?\$\u00A0\d/);
    }
  });

  it('rejects text that is not an amount', () => {
    expect(() => formatCop('1.190,00')).toThrow(RangeError);
    expect(() => formatCop('')).toThrow(RangeError);
  });
});

// --- Properties against the BigInt-rational reference (test/support/rational.ts) ---

/** A decimal with at most `places` decimals, as a string or (sometimes) as the equal JS number. */
const decimalInput = (maxUnits: number, places: number): fc.Arbitrary<number | string> =>
  fc.tuple(fc.integer({ min: 0, max: maxUnits }), fc.boolean()).map(([units, asNumber]) => {
    const text = formatScaled(BigInt(units), places);
    return asNumber ? Number(text) : text;
  });

function formatScaled(units: bigint, places: number): string {
  if (places === 0) return units.toString();
  const digits = units.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

const quantityArb = decimalInput(1_000_000_000, 3); // up to 1 000 000 with 3 decimals
const priceArb = decimalInput(10_000_000_000, 2); // up to 100 000 000 with 2 decimals
const discountArb = fc.oneof(fc.constantFrom<number | string>(0, 100, '50'), decimalInput(10_000, 2));
const rateArb = fc.oneof(fc.constantFrom<number | string>(0, 5, 8, 19, '19.00', '8.5'), decimalInput(10_000, 2));
const codeArb = fc.constantFrom('01', '04', '22', '03');
const lineArb: fc.Arbitrary<LineInput> = fc.record({
  quantity: quantityArb,
  price: priceArb,
  discount_rate: discountArb,
  taxes: fc.array(fc.record({ code: codeArb, rate: rateArb }), { maxLength: 3 }),
});
const linesArb = fc.array(lineArb, { maxLength: 12 });

describe('money properties (against an independent BigInt-rational implementation)', () => {
  it('calculateLine matches the reference on every figure', () => {
    fc.assert(fc.property(lineArb, (input) => {
      const ref = referenceLine(input);
      expect(calculateLine(input)).toEqual({
        base: formatCents(ref.base),
        discount: formatCents(ref.discount),
        line_amount: formatCents(ref.lineAmount),
        taxes: ref.taxes.map((t) => ({
          code: t.code, rate: formatRate(t.rate), taxable_amount: formatCents(ref.lineAmount), amount: formatCents(t.amount),
        })),
        tax_total: formatCents(ref.taxTotal),
        payable: formatCents(ref.payable),
      });
    }), { numRuns: 500 });
  });

  it('calculateTotals matches the reference on every figure', () => {
    fc.assert(fc.property(linesArb, (input) => {
      const ref = referenceTotals(input);
      const totals = calculateTotals(input);
      expect(totals.lines).toEqual(input.map((l) => calculateLine(l)));
      expect({
        gross: totals.gross, discount: totals.discount, line_extension: totals.line_extension,
        taxes: totals.taxes, tax_total: totals.tax_total, payable: totals.payable,
      }).toEqual({
        gross: formatCents(ref.gross),
        discount: formatCents(ref.discount),
        line_extension: formatCents(ref.lineExtension),
        taxes: ref.taxes.map((g) => ({
          code: g.code, rate: formatRate(g.rate), taxable_amount: formatCents(g.taxable), amount: formatCents(g.amount),
        })),
        tax_total: formatCents(ref.taxTotal),
        payable: formatCents(ref.payable),
      });
    }), { numRuns: 300 });
  });

  const cents = (a: string): bigint => BigInt(a.replace('.', ''));

  it('payable = line_extension + tax_total, and the tax groups add up to tax_total', () => {
    fc.assert(fc.property(linesArb, (input) => {
      const t = calculateTotals(input);
      expect(cents(t.payable)).toBe(cents(t.line_extension) + cents(t.tax_total));
      expect(t.taxes.reduce((s, g) => s + cents(g.amount), 0n)).toBe(cents(t.tax_total));
      expect(cents(t.line_extension)).toBe(cents(t.gross) - cents(t.discount));
    }), { numRuns: 300 });
  });

  it('totals do not depend on the order of the lines', () => {
    fc.assert(fc.property(linesArb.chain((lines) => fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length }))),
      ([lines, shuffled]) => {
        const { lines: _a, ...a } = calculateTotals(lines);
        const { lines: _b, ...b } = calculateTotals(shuffled);
        expect(b).toEqual(a);
      }), { numRuns: 200 });
  });

  it('every figure is an exact two-decimal string', () => {
    fc.assert(fc.property(linesArb, (input) => {
      const t = calculateTotals(input);
      const figures = [t.gross, t.discount, t.line_extension, t.tax_total, t.payable,
        ...t.taxes.flatMap((g) => [g.taxable_amount, g.amount]),
        ...t.lines.flatMap((l) => [l.base, l.discount, l.line_amount, l.tax_total, l.payable])];
      for (const f of figures) expect(f).toMatch(/^\d+\.\d{2}$/);
    }), { numRuns: 200 });
  });
});
