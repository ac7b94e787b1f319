import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, migrate, openStore, schemaVersion, type Migration, type MigrationProgress } from '../../../electron/core/store';

/** A migration that takes `ms` of real time (a backfill over a year of sales, in miniature). */
function slow(name: string, ms: number): Migration {
  return {
    name,
    up(db) {
      const until = performance.now() + ms;
      while (performance.now() < until) { /* busy, as a long UPDATE is */ }
      db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`);
    },
  };
}

describe('migration progress', () => {
  const list = [slow('one', 5), slow('two', 30), slow('three', 30), slow('four', 5), slow('five', 30)];

  it('reports each pending migration before it runs, counted from where the file stood', () => {
    const db = new Database(':memory:');
    migrate(db, { list, target: 2 });
    const heard: Array<MigrationProgress & { versionWhenTold: number; at: number }> = [];
    const started = performance.now();
    migrate(db, { list, onProgress: (p) => heard.push({ ...p, versionWhenTold: schemaVersion(db), at: performance.now() - started }) });

    expect(heard.map(({ step, of, version, name }) => ({ step, of, version, name }))).toEqual([
      { step: 1, of: 3, version: 3, name: 'three' },
      { step: 2, of: 3, version: 4, name: 'four' },
      { step: 3, of: 3, version: 5, name: 'five' },
    ]);
    // Told before the work, not after: the file is still at the previous version, and the slow step lies ahead.
    expect(heard.map((h) => h.versionWhenTold)).toEqual([2, 3, 4]);
    expect(heard[1]!.at).toBeGreaterThanOrEqual(29);
    expect(schemaVersion(db)).toBe(5);
  });

  it('says nothing when the file is current', () => {
    const db = new Database(':memory:');
    migrate(db, { list });
    const heard: MigrationProgress[] = [];
    migrate(db, { list, onProgress: (p) => heard.push(p) });
    expect(heard).toEqual([]);
  });

  it('a failing migration is the last one reported and leaves the file at the step before', () => {
    const db = new Database(':memory:');
    const broken: Migration = { name: 'broken', up: () => { throw new Error('disk full'); } };
    const heard: number[] = [];
    expect(() => migrate(db, { list: [list[0]!, broken, list[2]!], onProgress: (p) => heard.push(p.step) })).toThrow('disk full');
    expect(heard).toEqual([1, 2]);
    expect(schemaVersion(db)).toBe(1);
  });

  it('openStore passes progress through for the real migrations', () => {
    const heard: MigrationProgress[] = [];
    const store = openStore({ path: ':memory:', onMigrationProgress: (p) => heard.push(p) });
    store.close();
    expect(heard).toHaveLength(LATEST_SCHEMA_VERSION);
    expect(heard.at(-1)).toMatchObject({ step: LATEST_SCHEMA_VERSION, of: LATEST_SCHEMA_VERSION, version: LATEST_SCHEMA_VERSION });
  });
});
