/**
 * Issue 29: waits and ages in the unit an owner reads ("365 días", never "8776 h 5 min"), one formatter for every
 * owner screen; and a peso figure shortened where its exact text does not fit ("$ 105,7 M").
 */
import { describe, expect, it } from 'vitest';
import { agoText, durationText } from '../../../renderer/format/duration';
import { compactCop } from '../../../renderer/format/compact-money';
import { es } from '../../../renderer/i18n/es';
import { en } from '../../../renderer/i18n/en';
import { waitedText } from '../../../renderer/shifts/unsent-store';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('durationText', () => {
  it('reads minutes, hours and minutes, days and hours, then days', () => {
    expect(durationText(0, 'es-CO')).toBe('0 min');
    expect(durationText(59 * MIN + 59_000, 'es-CO')).toBe('59 min');
    expect(durationText(HOUR, 'es-CO')).toBe('1 h');
    expect(durationText(2 * HOUR + 5 * MIN, 'es-CO')).toBe('2 h 5 min');
    expect(durationText(23 * HOUR + 59 * MIN, 'es-CO')).toBe('23 h 59 min');
    expect(durationText(DAY, 'es-CO')).toBe('1 día');
    expect(durationText(DAY + 3 * HOUR + 20 * MIN, 'es-CO')).toBe('1 día 3 h');
    expect(durationText(2 * DAY + 3 * HOUR, 'es-CO')).toBe('2 días 3 h');
    expect(durationText(7 * DAY + 23 * HOUR, 'es-CO')).toBe('7 días');
    expect(durationText(2 * DAY + 3 * HOUR, 'en')).toBe('2 days 3 h');
    expect(durationText(DAY, 'en')).toBe('1 day');
  });
  it('a sale waiting about a year reads in days, not 8776 h 5 min', () => {
    const year = 8776 * HOUR + 5 * MIN;
    expect(durationText(year, 'es-CO')).toBe('365 días');
    expect(es.dashWaited(year / MIN)).toBe('365 días');
    expect(en.dashWaited(year / MIN)).toBe('365 days');
    expect(durationText(3000 * DAY, 'es-CO')).toBe('3.000 días');
    expect(durationText(3000 * DAY, 'en')).toBe('3,000 days');
  });
  it('never reads a negative wait', () => {
    expect(durationText(-5 * MIN, 'es-CO')).toBe('0 min');
    expect(agoText(-5 * MIN, 'es-CO')).toBe('hace un momento');
  });
  it('the till\'s unsent sales use the same words', () => {
    expect(waitedText(3 * DAY, 'es-CO')).toBe('3 días');
    expect(waitedText(50 * HOUR, 'es-CO')).toBe('2 días 2 h');
  });
});

describe('agoText', () => {
  it('says how long ago in its largest unit', () => {
    expect(agoText(30_000, 'es-CO')).toBe('hace un momento');
    expect(agoText(5 * MIN, 'es-CO')).toBe('hace 5 min');
    expect(agoText(3 * HOUR + 20 * MIN, 'es-CO')).toBe('hace 3 h');
    expect(agoText(47 * HOUR, 'es-CO')).toBe('hace 47 h');
    expect(agoText(365 * DAY, 'es-CO')).toBe('hace 365 días');
    expect(es.invAgo(365 * DAY)).toBe('hace 365 días');
    expect(en.invAgo(2 * DAY)).toBe('2 days ago');
    expect(en.invAgo(10_000)).toBe('just now');
  });
});

describe('compactCop', () => {
  it('shortens pesos the way a Colombian owner reads them, on one line (no breaking spaces)', () => {
    expect(compactCop('105737196.77', 'es-CO')).toBe('$\u00a0105,7\u00a0M');
    expect(compactCop('4596457.74', 'es-CO')).toBe('$\u00a04,6\u00a0M');
    expect(compactCop(999, 'es-CO')).toBe('$\u00a0999');
    expect(compactCop('105737196.77', 'en')).toBe('$105.7M');
    expect(compactCop('105737196.77', 'es-CO')).not.toMatch(/ /);
  });
});

describe('a till\'s clock off by a long time', () => {
  it('reads in days too', () => {
    expect(es.clockDrift(false, 1, 30)).toBe('reloj atrasado 1 h 30 min');
    expect(es.clockDrift(true, 0, 10)).toBe('reloj adelantado 10 min');
    expect(es.clockDrift(true, 8760, 0)).toBe('reloj adelantado 365 días');
    expect(en.clockDrift(false, 50, 0)).toBe('clock behind by 2 days 2 h');
  });
});
