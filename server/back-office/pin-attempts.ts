/** Wrong back-office PINs per person, kept in the store so a restart or another server process does not lift a pause (the till's rule). */
import { LIMITS } from '../../shared/limits';
import type { Database, Queryable } from '../db/adapter';

export interface PinAttempt { wrong: number; pausedUntil: number }

/** The pause after the `wrong`th wrong PIN in a row: none before the 5th, then 1 minute doubling up to 4 hours. */
export function pauseAfter(wrong: number): number {
  if (wrong < LIMITS.pinTriesBeforePause) return 0;
  return Math.min(LIMITS.pinPauseMs * 2 ** Math.min(wrong - LIMITS.pinTriesBeforePause, 30), LIMITS.pinMaxPauseMs);
}

export async function readPinAttempt(db: Queryable, personKey: string): Promise<PinAttempt> {
  const { rows } = await db.query<{ wrong: number; paused_until: number }>(
    'SELECT wrong, paused_until FROM back_office_pin_attempts WHERE person_key = $1', [personKey]);
  return rows[0] ? { wrong: Number(rows[0].wrong), pausedUntil: Number(rows[0].paused_until) } : { wrong: 0, pausedUntil: 0 };
}

export async function savePinAttempt(db: Queryable, personKey: string, attempt: PinAttempt): Promise<void> {
  await db.query(
    `INSERT INTO back_office_pin_attempts (person_key, wrong, paused_until) VALUES ($1, $2, $3)
     ON CONFLICT (person_key) DO UPDATE SET wrong = EXCLUDED.wrong, paused_until = EXCLUDED.paused_until`,
    [personKey, attempt.wrong, attempt.pausedUntil]);
}

/**
 * One more wrong PIN for the person, counted in one statement (two server processes checking the same person at once
 * both count), and the pause it brings from now.
 */
export async function addWrongPin(db: Database, personKey: string, now: number): Promise<PinAttempt> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ wrong: number }>(
      `INSERT INTO back_office_pin_attempts (person_key, wrong, paused_until) VALUES ($1, 1, 0)
       ON CONFLICT (person_key) DO UPDATE SET wrong = back_office_pin_attempts.wrong + 1 RETURNING wrong`, [personKey]);
    const wrong = Number(rows[0]!.wrong);
    const pause = pauseAfter(wrong);
    const pausedUntil = pause > 0 ? now + pause : 0;
    if (pausedUntil > 0) await tx.query('UPDATE back_office_pin_attempts SET paused_until = GREATEST(paused_until, $2) WHERE person_key = $1', [personKey, pausedUntil]);
    return { wrong, pausedUntil };
  });
}
