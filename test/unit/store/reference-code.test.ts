import { describe, expect, it } from 'vitest';
import { newTillId, referenceCodes, referenceCodeTime, REFERENCE_CODE_PATTERN } from '../../../electron/core/store/reference-code';
import { validateInvoiceRequest } from '../../../shared/api/invoice-request';
import { seededRandom } from '../../support/seeded-random';


describe('reference codes', () => {
  it('10 000 codes from a fake clock that advances slowly never collide and sort in creation order', () => {
    let clock = Date.UTC(2025, 5, 1);
    let tick = 0;
    const next = referenceCodes('K7M2QX', () => (tick++ % 7 === 0 ? ++clock : clock), seededRandom(1));
    const codes = Array.from({ length: 10_000 }, next);
    expect(new Set(codes).size).toBe(10_000);
    expect([...codes].sort()).toEqual(codes);
    for (const code of codes.slice(0, 50)) expect(code).toMatch(REFERENCE_CODE_PATTERN);
  });

  it('encodes the millisecond time so codes from different tills interleave by time', () => {
    const t = Date.UTC(2025, 0, 15, 14, 30, 0, 123);
    const a = referenceCodes('AAAAAA', () => t, seededRandom(2))();
    const b = referenceCodes('BBBBBB', () => t + 1, seededRandom(3))();
    expect(referenceCodeTime(a)).toBe(t);
    expect(referenceCodeTime(b)).toBe(t + 1);
    expect(a.slice(7) < b.slice(7)).toBe(true);
  });

  it('stays increasing when a fake clock steps backwards', () => {
    const times = [5_000, 5_000, 4_000, 6_000];
    const next = referenceCodes('K7M2QX', () => times.shift() ?? 0, seededRandom(4));
    const codes = [next(), next(), next(), next()];
    expect([...codes].sort()).toEqual(codes);
    expect(referenceCodeTime(codes[2]!)).toBe(5_000);
  });

  it('two installations with the same clock and independent randomness do not collide', () => {
    const t = Date.UTC(2025, 0, 1);
    const one = referenceCodes(newTillId(seededRandom(10)), () => t, seededRandom(11));
    const two = referenceCodes(newTillId(seededRandom(12)), () => t, seededRandom(13));
    const all = new Set<string>();
    for (let i = 0; i < 2_000; i++) { all.add(one()); all.add(two()); }
    expect(all.size).toBe(4_000);
  });

  it('carries into the time part when the random part is exhausted (random() stuck near 1)', () => {
    const next = referenceCodes('K7M2QX', () => 1_000, () => 0.999999);
    const first = next();
    expect(first.endsWith('Z'.repeat(16))).toBe(true);
    const second = next();
    expect(referenceCodeTime(second)).toBe(1_001);
    expect(second > first).toBe(true);
  });

  it('is accepted by the request contract as a reference_code', () => {
    const code = referenceCodes(newTillId(Math.random), Date.now, Math.random)();
    const result = validateInvoiceRequest({ reference_code: code });
    const problems = result.ok ? [] : result.problems.map((p) => p.field);
    expect(problems).not.toContain('reference_code');
  });

  it('rejects a random source outside [0, 1)', () => {
    expect(() => newTillId(() => 1)).toThrow(RangeError);
  });
});
