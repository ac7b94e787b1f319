import { describe, expect, it } from 'vitest';
import { copyFileName, parseCopyName } from '../../../electron/core/backup/backup-names';
import { isoWeek, planRotation } from '../../../electron/core/backup/rotation';

/** One copy a day at 23:30 local time from `first` for `days` days (the clock passed in, as the service does). */
function dailyCopies(first: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => copyFileName(new Date(first.getFullYear(), first.getMonth(), first.getDate() + i, 23, 30).getTime(), false));
}

describe('backup rotation', () => {
  it('names carry the local date and parse back; foreign files are not ours', () => {
    const name = copyFileName(new Date(2025, 2, 14, 9, 5, 7).getTime(), true);
    expect(name).toBe('mostrador-2025-03-14-090507.sqlite.enc');
    expect(parseCopyName(name)).toMatchObject({ day: '2025-03-14', encrypted: true });
    expect(parseCopyName('notes.txt')).toBeNull();
    expect(parseCopyName('.partial-mostrador-2025-03-14-090507.sqlite.abc')).toBeNull();
  });

  it('ISO weeks: a Sunday belongs to the week of the Monday before; 2024-12-30 is week 1 of 2025', () => {
    expect(isoWeek('2025-03-16')).toBe(isoWeek('2025-03-10'));
    expect(isoWeek('2025-03-17')).not.toBe(isoWeek('2025-03-16'));
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });

  it('a year of daily copies keeps 7 daily, 4 weekly and 12 monthly, exactly', () => {
    const files = dailyCopies(new Date(2024, 0, 1), 366); // 2024-01-01 … 2024-12-31
    const { keep, remove } = planRotation([...files, 'readme.txt']);
    expect(keep.length + remove.length).toBe(366);
    const days = keep.map((f) => parseCopyName(f)!.day).sort();
    // The 7 last days; Sunday 2024-12-22 and 2024-12-15 close the two weeks before; then the last day of each month.
    expect(days).toEqual([
      '2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30', '2024-07-31', '2024-08-31',
      '2024-09-30', '2024-10-31', '2024-11-30', '2024-12-15', '2024-12-22',
      '2024-12-25', '2024-12-26', '2024-12-27', '2024-12-28', '2024-12-29', '2024-12-30', '2024-12-31',
    ]);
    expect(remove).not.toContain('readme.txt');
  });

  it('several copies a day: only the newest of each day counts; a gap keeps older days', () => {
    const at = (d: number, h: number) => copyFileName(new Date(2025, 5, d, h).getTime(), false);
    const files = [at(1, 9), at(1, 18), at(2, 9), at(10, 9), at(10, 20)];
    const { keep, remove } = planRotation(files);
    expect(keep.sort()).toEqual([at(1, 18), at(10, 20), at(2, 9)].sort());
    expect(remove.sort()).toEqual([at(1, 9), at(10, 9)].sort());
  });

  it('rotating each day as it comes, the folder never holds more than 7 + 4 + 12 copies and always the newest', () => {
    let folder: string[] = [];
    for (const file of dailyCopies(new Date(2023, 6, 1), 500)) {
      folder.push(file);
      folder = planRotation(folder).keep;
      expect(folder).toContain(file);
      expect(folder.length).toBeLessThanOrEqual(23);
    }
    expect(folder.length).toBeGreaterThanOrEqual(20);
  });
});
