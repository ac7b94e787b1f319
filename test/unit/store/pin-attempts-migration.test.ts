import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, migrate, migrations, openStore } from '../../../electron/core/store';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-pin-attempts-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const version = migrations.findIndex((m) => m.name.startsWith('pin attempts')) + 1;

describe('pin attempts migration', () => {
  it('a file from the version before keeps its people, who start with no wrong PINs, and a lockout is kept and recorded', () => {
    expect(version).toBeGreaterThan(0);
    const file = join(dir, 'mostrador.sqlite');
    const db = new Database(file);
    migrate(db, { target: version - 1 });
    // People as the version before wrote them.
    db.prepare(`INSERT INTO people (name, role, pin_hash, active, created_at, updated_at) VALUES ('Ana', 'owner', 'scrypt$x', 1, 1, 1), ('Beto', 'cashier', 'scrypt$y', 1, 1, 1)`).run();
    db.close();

    const store = openStore({ path: file, now: () => 5_000 });
    const [ana, beto] = store.peopleWithPins().sort((a, b) => a.id - b.id);
    expect([ana?.name, beto?.name]).toEqual(['Ana', 'Beto']);
    expect(store.pinAttempt(ana!.id)).toEqual({ wrong: 0, pausedUntil: 0 });
    store.savePinAttempt(ana!.id, { wrong: 5, pausedUntil: 65_000 }, { person: ana!, atTill: beto!, wrong: 5, until: 65_000, via: 'sign-in' });
    expect(store.listOverrides(10, 0).overrides).toMatchObject([
      { ownerName: '', cashierName: 'Beto', action: 'pin-lockout', detail: { kind: 'pin-lockout', name: 'Ana', wrong: 5, until: 65_000 } },
    ]);
    store.close();

    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(check.prepare('SELECT wrong, paused_until FROM pin_attempts').all()).toEqual([{ wrong: 5, paused_until: 65_000 }]);
    check.close();
    // A count for a person who does not exist is refused.
    const again = openStore({ path: file });
    expect(() => again.savePinAttempt(999, { wrong: 1, pausedUntil: 0 })).toThrow();
    again.close();
  });
});
