/**
 * Wrong PINs per person (see core/people/pin-guard.ts): how many in a row and until when that person's PIN checks
 * are paused. A pause that starts is written in the same transaction as its record in the owners' override log,
 * so the owner sees every lockout (People → Autorizaciones).
 */
import type Database from 'better-sqlite3';
import { storeOverrideDetail } from '../../../shared/override-detail';
import type { Person } from './people';

export interface PinAttempt {
  /** Wrong PINs in a row for this person (a right one of theirs starts again at 0). */
  wrong: number;
  /** Epoch ms until which their PIN is not even checked; 0 = not paused. */
  pausedUntil: number;
}

export interface PinLockout {
  person: Person;
  /** Who was signed in at the till when it happened (null: nobody). */
  atTill: Person | null;
  wrong: number;
  until: number;
  /** 'sign-in' when their own PIN was tried, 'owner-pin' when an unnamed owner's PIN was. */
  via: 'sign-in' | 'owner-pin';
}

export interface PinAttempts {
  pinAttempt(personId: number): PinAttempt;
  /** Saves the person's count; with `lockout`, a pause has started and is recorded for the owner, atomically. */
  savePinAttempt(personId: number, attempt: PinAttempt, lockout?: PinLockout): void;
}

export function pinAttemptsTable(db: Database.Database, now: () => number): PinAttempts {
  const one = db.prepare<[number], { wrong: number; paused_until: number }>('SELECT wrong, paused_until FROM pin_attempts WHERE person_id = ?');
  const upsert = db.prepare<[number, number, number, number | null]>(
    `INSERT INTO pin_attempts (person_id, wrong, paused_until, last_wrong_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (person_id) DO UPDATE SET wrong = excluded.wrong, paused_until = excluded.paused_until,
       last_wrong_at = coalesce(excluded.last_wrong_at, last_wrong_at)`,
  );
  // The lockout is a fact about a person, not an owner's approval: owner_name stays empty, the person is in the detail.
  const record = db.prepare(
    `INSERT INTO overrides (at, owner_id, owner_name, cashier_id, cashier_name, action, detail)
     VALUES (@at, @personId, '', @atTillId, @atTillName, 'pin-lockout', @detail)`,
  );
  const save = db.transaction((personId: number, attempt: PinAttempt, lockout?: PinLockout) => {
    const at = now();
    upsert.run(personId, attempt.wrong, attempt.pausedUntil, attempt.wrong > 0 ? at : null);
    if (!lockout) return;
    record.run({
      at, personId, atTillId: lockout.atTill?.id ?? null, atTillName: lockout.atTill?.name ?? '',
      detail: storeOverrideDetail({
        kind: 'pin-lockout', name: lockout.person.name, role: lockout.person.role, wrong: lockout.wrong, until: lockout.until, via: lockout.via,
      }),
    });
  });
  return {
    pinAttempt(personId) {
      const row = one.get(personId);
      return row ? { wrong: row.wrong, pausedUntil: row.paused_until } : { wrong: 0, pausedUntil: 0 };
    },
    savePinAttempt: (personId, attempt, lockout) => save.immediate(personId, attempt, lockout),
  };
}
