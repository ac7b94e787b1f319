import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_WEDGE, EMPTY_WEDGE, feedWedge, type WedgeState, type WedgeVerdict } from '../../../renderer/sale/wedge';

/** Feeds keys at the given times (ms, a fake clock) and returns every verdict. */
function run(keys: ReadonlyArray<readonly [string, number]>): WedgeVerdict[] {
  let state: WedgeState = EMPTY_WEDGE;
  return keys.map(([key, at]) => {
    const out = feedWedge(state, key, at);
    state = out.state;
    return out.verdict;
  });
}

const typed = (text: string, start: number, gap: number): Array<[string, number]> =>
  [...text].map((ch, i) => [ch, start + i * gap]);

describe('keyboard-wedge detector (times from a fake clock)', () => {
  it('reports a scan when an EAN-13 arrives fast and ends with Enter', () => {
    const keys = [...typed('7702001001234', 1000, 8), ['Enter', 1000 + 13 * 8] as [string, number]];
    expect(run(keys).at(-1)).toEqual({ kind: 'scan', code: '7702001001234' });
  });

  it('ignores the same digits typed at a human pace', () => {
    const keys = [...typed('7702001001234', 1000, 120), ['Enter', 1000 + 13 * 120] as [string, number]];
    expect(run(keys).every((v) => v.kind === 'none')).toBe(true);
  });

  it('keeps only the fast burst when a person typed a few keys before the scan', () => {
    const keys = [...typed('ab', 0, 200), ...typed('12345678', 1000, 5), ['Enter', 1040] as [string, number]];
    expect(run(keys).at(-1)).toEqual({ kind: 'scan', code: '12345678' });
  });

  it('treats bursts shorter than the minimum length as typing', () => {
    const keys = [...typed('12345', 0, 5), ['Enter', 25] as [string, number]];
    expect(run(keys).at(-1)).toEqual({ kind: 'none' });
  });

  it('needs the Enter to come quickly after the last character', () => {
    const keys = [...typed('7702001001234', 0, 5), ['Enter', 5000] as [string, number]];
    expect(run(keys).at(-1)).toEqual({ kind: 'none' });
  });

  it('lets Shift pass inside a burst (scanners that send upper-case codes) but a named key breaks it', () => {
    const withShift = [['Shift', 0], ['A', 4], ['Shift', 8], ['B', 12], ...typed('123456', 16, 4), ['Enter', 44]] as Array<[string, number]>;
    expect(run(withShift).at(-1)).toEqual({ kind: 'scan', code: 'AB123456' });
    const broken = [...typed('1234', 0, 4), ['ArrowLeft', 16], ...typed('5678', 20, 4), ['Enter', 36]] as Array<[string, number]>;
    expect(run(broken).at(-1)).toEqual({ kind: 'none' });
  });

  it('starts fresh after each scan, so two scans in a row give two codes', () => {
    const keys = [
      ...typed('7702001001234', 0, 5), ['Enter', 65],
      ...typed('7702001009872', 400, 5), ['Enter', 465],
    ] as Array<[string, number]>;
    const scans = run(keys).filter((v) => v.kind === 'scan');
    expect(scans).toEqual([{ kind: 'scan', code: '7702001001234' }, { kind: 'scan', code: '7702001009872' }]);
  });

  it('finds any fast code of valid length, whatever the scanner speed within the limit', () => {
    fc.assert(fc.property(
      fc.stringMatching(/^[0-9A-Z]{6,30}$/), fc.integer({ min: 0, max: DEFAULT_WEDGE.maxGapMs }), fc.integer({ min: 0, max: 1e9 }),
      (code, gap, start) => {
        const keys = [...typed(code, start, gap), ['Enter', start + code.length * gap] as [string, number]];
        expect(run(keys).at(-1)).toEqual({ kind: 'scan', code });
      },
    ));
  });

  it('never reports a scan when every pause is longer than the limit', () => {
    fc.assert(fc.property(
      fc.stringMatching(/^[0-9]{6,20}$/), fc.integer({ min: DEFAULT_WEDGE.maxGapMs + 1, max: 2000 }),
      (code, gap) => {
        const keys = [...typed(code, 0, gap), ['Enter', code.length * gap] as [string, number]];
        expect(run(keys).some((v) => v.kind === 'scan')).toBe(false);
      },
    ));
  });
});
