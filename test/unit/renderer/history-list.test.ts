/** History's pure parts: date presets in local time, the drawn window of a long list, moving through it by key. */
import { describe, expect, it } from 'vitest';
import { dateWindow } from '../../../renderer/history/date-range';
import { movedRow, rowWindow, scrollToShow } from '../../../renderer/history/virtual-rows';

describe('date presets', () => {
  const now = new Date(2026, 10, 25, 15, 30); // a Wednesday afternoon, local time
  const local = (y: number, m: number, d: number) => new Date(y, m, d).getTime();
  it('today, yesterday and this week (from Monday) end where they should', () => {
    expect(dateWindow('today', now)).toEqual({ from: local(2026, 10, 25), to: local(2026, 10, 26) });
    expect(dateWindow('yesterday', now)).toEqual({ from: local(2026, 10, 24), to: local(2026, 10, 25) });
    expect(dateWindow('week', now)).toEqual({ from: local(2026, 10, 23), to: local(2026, 10, 26) });
    expect(dateWindow('week', new Date(2026, 10, 29, 9))).toEqual({ from: local(2026, 10, 23), to: local(2026, 10, 30) });
    expect(dateWindow('all', now)).toEqual({});
  });
  it('custom days are inclusive, and a missing or impossible day leaves that end open', () => {
    expect(dateWindow('custom', now, { from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: local(2026, 10, 1), to: local(2026, 11, 1) });
    expect(dateWindow('custom', now, { from: '', to: '2026-02-31' })).toEqual({});
  });
});

describe('a long list drawn a screenful at a time', () => {
  it('draws only the rows in view plus a margin, whatever the list length', () => {
    expect(rowWindow(0, 480, 40, 200_000)).toEqual({ start: 0, end: 21 });
    expect(rowWindow(40 * 100_000, 480, 40, 200_000)).toEqual({ start: 99_992, end: 100_021 });
    expect(rowWindow(40 * 199_990, 480, 40, 200_000).end).toBe(200_000);
    expect(rowWindow(0, 480, 40, 3)).toEqual({ start: 0, end: 3 });
  });
  it('moves with arrows, pages, Home and End, never out of the list', () => {
    expect(movedRow('ArrowDown', -1, 5, 10)).toBe(0);
    expect(movedRow('ArrowDown', 4, 5, 10)).toBe(4);
    expect(movedRow('ArrowUp', 0, 5, 10)).toBe(0);
    expect(movedRow('PageDown', 2, 500, 10)).toBe(12);
    expect(movedRow('PageUp', 2, 500, 10)).toBe(0);
    expect(movedRow('End', 0, 500, 10)).toBe(499);
    expect(movedRow('Home', 300, 500, 10)).toBe(0);
    expect(movedRow('a', 3, 5, 10)).toBeNull();
    expect(movedRow('ArrowDown', -1, 0, 10)).toBeNull();
  });
  it('scrolls just enough to show the highlighted row', () => {
    expect(scrollToShow(5, 0, 440, 40)).toBe(0);
    expect(scrollToShow(20, 0, 440, 40)).toBe(20 * 40 + 40 - 440);
    expect(scrollToShow(2, 400, 440, 40)).toBe(80);
  });
});
