import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scanKeyHandler } from '../../../renderer/sale/scan-keys';
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
      fc.stringMatching(/^[0-9A-Z]{6,30}$/), fc.integer({ min: 0, max: DEFAULT_WEDGE.maxAverageMs }), fc.integer({ min: 0, max: 1e9 }),
      (code, gap, start) => {
        const keys = [...typed(code, start, gap), ['Enter', start + code.length * gap] as [string, number]];
        expect(run(keys).at(-1)).toEqual({ kind: 'scan', code });
      },
    ));
  });

  it('never reports a scan when every pause is longer than a scanner\'s average', () => {
    fc.assert(fc.property(
      fc.stringMatching(/^[0-9]{6,20}$/), fc.integer({ min: DEFAULT_WEDGE.maxAverageMs + 1, max: 2000 }),
      (code, gap) => {
        const keys = [...typed(code, 0, gap), ['Enter', code.length * gap] as [string, number]];
        expect(run(keys).some((v) => v.kind === 'scan')).toBe(false);
      },
    ));
  });

  it('keeps a scan whole when the scanner pauses 60 ms in the middle of the code (no partial scan, no typed rest)', () => {
    const keys = [...typed('770200', 0, 8), ...typed('1001033', 40 + 60, 8), ['Enter', 100 + 7 * 8] as [string, number]];
    const verdicts = run(keys);
    expect(verdicts.filter((v) => v.kind === 'scan')).toEqual([{ kind: 'scan', code: '7702001001033' }]);
  });

  it('keeps a scan whole when the pause comes right after the first character', () => {
    const keys = [['7', 0], ...typed('702001001033', 60, 6), ['Enter', 60 + 12 * 6]] as Array<[string, number]>;
    expect(run(keys).at(-1)).toEqual({ kind: 'scan', code: '7702001001033' });
  });

  it('does not take a person typing quickly (35 to 160 ms a key) for a scanner', () => {
    fc.assert(fc.property(
      fc.stringMatching(/^[0-9]{6,20}$/), fc.array(fc.integer({ min: 35, max: 160 }), { minLength: 21, maxLength: 21 }),
      (code, gaps) => {
        // A person's pace: the average gap is what a quick typist manages, slower than any scanner on every key.
        fc.pre(gaps.slice(0, code.length).reduce((a, b) => a + b, 0) / code.length >= 60);
        let at = 0;
        const keys: Array<[string, number]> = [...code].map((ch, i) => [ch, (at += i === 0 ? 0 : gaps[i] ?? 70)]);
        keys.push(['Enter', at + (gaps[0] ?? 70)]);
        expect(run(keys).some((v) => v.kind === 'scan')).toBe(false);
      },
    ));
  });
});

/** A form field in a test: keydown first, then the browser puts the character in (as in Chromium). */
class FakeField {
  constructor(public value: string) {}
}

function pressInto(field: FakeField, keys: ReadonlyArray<readonly [string, number]>, onScan: (code: string) => void) {
  const handle = scanKeyHandler<{ field: FakeField; value: string }>(onScan, {
    snapshot: (target) => (target instanceof FakeField ? { field: target, value: target.value } : null),
    restore: (snapshot, target) => { if (snapshot.field === target) snapshot.field.value = snapshot.value; },
  });
  const passedOn: string[] = [];
  for (const [key, at] of keys) {
    let prevented = false;
    handle({
      key, timeStamp: at, ctrlKey: false, altKey: false, metaKey: false, target: field,
      preventDefault: () => { prevented = true; }, stopPropagation: () => {},
    });
    if (prevented) continue;
    passedOn.push(key);
    if (key.length === 1) field.value += key;
  }
  return passedOn;
}

describe('the scanner listener, wherever the focus is (fake fields, fake clock)', () => {
  it('a scan into a quantity field adds the product and leaves the quantity as it was', () => {
    const quantity = new FakeField('2');
    const scans: string[] = [];
    const passedOn = pressInto(quantity, [...typed('27702001001033', 5000, 4), ['Enter', 5000 + 14 * 4]], (c) => scans.push(c));
    expect(scans).toEqual(['27702001001033']);
    expect(quantity.value).toBe('2');
    expect(passedOn).not.toContain('Enter'); // the field's own Enter handling never sees it
  });

  it('a quantity typed by a person stays, and its Enter goes on to the field', () => {
    const quantity = new FakeField('');
    const scans: string[] = [];
    const passedOn = pressInto(quantity, [...typed('120000', 0, 110), ['Enter', 800]], (c) => scans.push(c));
    expect(scans).toEqual([]);
    expect(quantity.value).toBe('120000');
    expect(passedOn.at(-1)).toBe('Enter');
  });

  it('keeps what the person typed before a pause, and removes only the scan after it', () => {
    const search = new FakeField('');
    const scans: string[] = [];
    pressInto(search, [...typed('caf', 0, 150), ...typed('7702001001002', 2000, 3), ['Enter', 2000 + 13 * 3]], (c) => scans.push(c));
    expect(scans).toEqual(['7702001001002']);
    expect(search.value).toBe('caf');
  });
});
