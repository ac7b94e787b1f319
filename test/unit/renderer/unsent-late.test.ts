/** Which sales History marks as waiting too long: unsent ones older than the owner's alert time, by the core's clock. */
import { describe, expect, it } from 'vitest';
import { isLate, waitedText } from '../../../renderer/shifts/unsent-store';

const at = 1_700_000_000_000;
const unsent = { count: 2, oldestAt: at - 90 * 60_000, alertAfterMinutes: 30, late: 1, at };

describe('a late unsent sale', () => {
  it('is unsent and older than the alert time; validated or needing attention is never late', () => {
    expect(isLate({ state: 'waiting', createdAt: at - 31 * 60_000 }, unsent)).toBe(true);
    expect(isLate({ state: 'queued', createdAt: at - 31 * 60_000 }, unsent)).toBe(true);
    expect(isLate({ state: 'waiting', createdAt: at - 29 * 60_000 }, unsent)).toBe(false);
    expect(isLate({ state: 'validated', createdAt: at - 300 * 60_000 }, unsent)).toBe(false);
    expect(isLate({ state: 'needs_attention', createdAt: at - 300 * 60_000 }, unsent)).toBe(false);
    expect(isLate({ state: 'waiting', createdAt: 0 }, null)).toBe(false);
  });

  it('says how long in minutes, hours or days', () => {
    expect(waitedText(7 * 60_000, 'es-CO')).toBe('7 min');
    expect(waitedText(125 * 60_000, 'es-CO')).toBe('2 h 5 min');
    expect(waitedText(3 * 86_400_000, 'en')).toBe('3 days');
  });
});
