/** Tienda's words for tills whose clock is off (issue 25), from the server's answer. */
import { describe, expect, it } from 'vitest';
import { clockDrift, clockIsOff, type Dashboard } from '../../../shared/shop/back-office';
import { es } from '../../../renderer/i18n/es';
import { en } from '../../../renderer/i18n/en';
import { clockWarnings, driftText } from '../../../renderer/owner/clock-lines';

const MIN = 60_000;
const withClocks = (clocks: Dashboard['clocks']) => ({ clocks }) as Dashboard;

describe('tills\' clocks in Tienda', () => {
  it('names each till off by more than a minute, which way and by how much', () => {
    const lines = clockWarnings(withClocks([
      { tillNumber: 1, tillName: 'Caja 1', offsetMs: -10 * MIN + 800, seenAt: 0 },
      { tillNumber: 2, tillName: 'Caja 2', offsetMs: -120 * MIN, seenAt: 0 },
      { tillNumber: 3, tillName: 'Caja 3', offsetMs: 30 * MIN, seenAt: 0 },
      { tillNumber: 4, tillName: 'Mostrador', offsetMs: 90 * MIN + 20_000, seenAt: 0 },
      { tillNumber: 5, tillName: 'Caja 5', offsetMs: 45_000, seenAt: 0 },
      { tillNumber: 6, tillName: '', offsetMs: -3 * MIN, seenAt: 0 },
    ]), es);
    expect(lines).toEqual([
      'Caja 1: reloj adelantado 10 min',
      'Caja 2: reloj adelantado 2 h',
      'Caja 3: reloj atrasado 30 min',
      'Mostrador: reloj atrasado 1 h 30 min',
      'Caja 6: reloj adelantado 3 min',
    ]);
  });

  it('says nothing for an answer from an older server, or when every clock is right', () => {
    expect(clockWarnings(withClocks(undefined), es)).toEqual([]);
    expect(clockWarnings(withClocks([{ tillNumber: 1, tillName: 'Caja 1', offsetMs: -59_000, seenAt: 0 }]), es)).toEqual([]);
  });

  it('rounds to whole minutes, never "0 min", and has English words too', () => {
    expect(clockDrift(-61_000)).toEqual({ ahead: true, hours: 0, minutes: 1 });
    expect(clockIsOff(60_000)).toBe(false);
    expect(clockIsOff(-60_001)).toBe(true);
    expect(clockIsOff(null)).toBe(false);
    expect(driftText(-10 * MIN, en)).toBe('clock ahead by 10 min');
  });
});
