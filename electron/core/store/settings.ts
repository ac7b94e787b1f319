import type Database from 'better-sqlite3';
import { StoreError } from './errors';
import { newTillId } from './reference-code';

// The data file is not encrypted and ends up in backups: credentials belong in the keychain.
const SECRET_LOOKING_KEY = /secret|password|passwd|token|credential|api[_-]?key/i;
const TILL_ID_KEY = 'till_id';

export interface Settings {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
  /** This installation's till id, created on first use and never changed. */
  tillId(): string;
}

export function settingsTable(db: Database.Database, random: () => number): Settings {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const insertOnce = db.prepare<[string, string]>('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)');

  const getSetting = (key: string): string | null => select.get(key)?.value ?? null;

  return {
    getSetting,
    setSetting(key, value) {
      if (typeof key !== 'string' || key.trim() === '') throw new StoreError('A setting needs a name.');
      if (SECRET_LOOKING_KEY.test(key)) {
        throw new StoreError(`The setting "${key}" looks like a secret; secrets are kept in the system keychain, not in the data file.`);
      }
      if (key === TILL_ID_KEY) throw new StoreError('The till id is fixed for this installation.');
      if (typeof value !== 'string') throw new StoreError(`The setting "${key}" must be text.`);
      upsert.run(key, value);
    },
    tillId() {
      const existing = getSetting(TILL_ID_KEY);
      if (existing !== null) return existing;
      // INSERT OR IGNORE then re-read, so two processes opening a new file agree on one id.
      insertOnce.run(TILL_ID_KEY, newTillId(random));
      const created = getSetting(TILL_ID_KEY);
      if (created === null) throw new StoreError('Could not create the till id.');
      return created;
    },
  };
}
