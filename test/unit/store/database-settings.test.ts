import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../electron/core/store';
import { PAGE_CACHE_KIB } from '../../../electron/core/store/database';

describe('the data file connection', () => {
  it('bounds its page cache and keeps durable WAL commits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-db-settings-'));
    const store = openStore({ path: join(dir, 'pos.sqlite') });
    try {
      const db = store.database();
      expect(db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
      expect(PAGE_CACHE_KIB).toBeLessThanOrEqual(8192);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
