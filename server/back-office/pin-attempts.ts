/** Wrong back-office PINs per person, kept in the store so a restart does not lift a pause (the till's rule). */
import { LIMITS } from '../../shared/limits';
import type { Queryable } from '../db/adapter';

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
