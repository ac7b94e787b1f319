import { describe, expect, it } from 'vitest';
import { backupWarning } from '../../../shared/backup';

const HOUR = 3_600_000;
describe('the status bar backup warning', () => {
  it('warns after 48 hours with whole days, says "never" without a copy, and is silent where backups are off', () => {
    const now = Date.UTC(2025, 5, 10, 12);
    expect(backupWarning(now - 47 * HOUR, now)).toBeNull();
    expect(backupWarning(now - 48 * HOUR, now)).toBeNull();
    expect(backupWarning(now - 49 * HOUR, now)).toEqual({ days: 2 });
    expect(backupWarning(now - 24 * 5 * HOUR, now)).toEqual({ days: 5 });
    expect(backupWarning(null, now)).toBe('never');
    expect(backupWarning(undefined, now)).toBeNull();
  });
});
