/**
 * Every PIN check of the till goes through here, so a PIN cannot be guessed:
 * - wrong PINs are counted per person, in SQLite (store/pin-attempts.ts): another person's right PIN does not reset
 *   them and a restart does not lift a pause;
 * - the checks of one person run one after another (a promise chain per person), so the verdict of one attempt is
 *   known before the next is hashed and 60 attempts sent at once cannot all be hashed before the pause;
 * - after `pinTriesBeforePause` wrong PINs in a row the person's checks pause for `pinPauseMs`, doubling with each
 *   further wrong PIN up to `pinMaxPauseMs`; a PIN tried while paused is refused without hashing (PIN_LOCKED);
 * - a pause that starts is recorded for the owner (People → Autorizaciones).
 * One person's pause never blocks another person.
 */
import { LIMITS } from '../../../shared/limits';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { PinAttempt, PinAttempts, PinLockout } from '../store/pin-attempts';
import type { Person, PersonWithPin } from '../store/people';
import { pinMatches } from '../../../common/pin-hash';

/** The pause that follows the `wrong`th wrong PIN in a row (0: none yet). */
export function pauseAfter(wrong: number): number {
  if (wrong < LIMITS.pinTriesBeforePause) return 0;
  return Math.min(LIMITS.pinPauseMs * 2 ** Math.min(wrong - LIMITS.pinTriesBeforePause, 30), LIMITS.pinMaxPauseMs);
}

/** The reason a refusal carries while a person's PIN checks are paused; the renderer has words for it. */
export const PIN_LOCKED = 'PIN_LOCKED';

export function pinLocked(field: string, until: number): BridgeFailure {
  const at = new Date(until).toISOString();
  return new BridgeFailure('FORBIDDEN', `Too many wrong PINs: PIN checks are paused until ${at}.`, { [field]: `too many wrong PINs; paused until ${at}` }, PIN_LOCKED);
}

export interface PinGuardOptions {
  store: PinAttempts;
  now: () => number;
  /** Who is signed in at the till, for the lockout record. */
  atTill: () => Person | null;
  /** The hash check; tests count how often it runs. */
  verify?: (pin: string, hash: string) => Promise<boolean>;
}

export class PinGuard {
  private readonly tails = new Map<number, Promise<void>>();
  private readonly verify: (pin: string, hash: string) => Promise<boolean>;

  constructor(private readonly opts: PinGuardOptions) {
    this.verify = opts.verify ?? pinMatches;
  }

  /** Whether `pin` is this person's; refused with PIN_LOCKED (no hash) while their checks are paused. */
  async check(person: PersonWithPin, pin: string, field: string): Promise<boolean> {
    return this.oneAtATime([person.id], async () => {
      const attempt = this.opts.store.pinAttempt(person.id);
      if (attempt.pausedUntil > this.opts.now()) throw pinLocked(field, attempt.pausedUntil);
      const right = await this.verify(pin, person.pinHash);
      if (right) this.rightPin(person.id, attempt);
      else this.wrongPin(person, attempt, 'sign-in');
      return right;
    });
  }

  /**
   * The active owner whose PIN this is, for a PIN typed without saying whose (an owner's override at a cashier's
   * till). Any owner could be meant, so a wrong PIN counts as a wrong attempt against every owner it was checked
   * against: guessing an owner's PIN through overrides is paused exactly like guessing it at sign-in. A paused owner
   * is not checked at all (their PIN is refused like a wrong one); when every owner is paused the PIN is refused
   * with PIN_LOCKED without hashing. PINs are not unique (see people-handlers.ts): an owner's PIN that some other
   * person also has is refused and counted as wrong, since the one typing it may be that other person.
   */
  async owner(owners: readonly PersonWithPin[], everyone: readonly PersonWithPin[], pin: string, field: string): Promise<PersonWithPin | null> {
    if (owners.length === 0) return null;
    return this.oneAtATime(owners.map((o) => o.id), async () => {
      const now = this.opts.now();
      const open = owners.map((o) => ({ owner: o, attempt: this.opts.store.pinAttempt(o.id) })).filter((o) => o.attempt.pausedUntil <= now);
      if (open.length === 0) throw pinLocked(field, Math.min(...owners.map((o) => this.opts.store.pinAttempt(o.id).pausedUntil)));
      let found: (typeof open)[number] | undefined;
      for (const candidate of open) {
        if (await this.verify(pin, candidate.owner.pinHash)) {
          found = candidate;
          break;
        }
      }
      if (found) {
        const mine = found.owner.id;
        let shared = false;
        for (const other of everyone) {
          if (other.id !== mine && other.active && (await this.verify(pin, other.pinHash))) {
            shared = true;
            break;
          }
        }
        if (!shared) {
          this.rightPin(mine, found.attempt);
          return found.owner;
        }
      }
      for (const { owner, attempt } of open) this.wrongPin(owner, attempt, 'owner-pin');
      return null;
    });
  }

  private rightPin(personId: number, attempt: PinAttempt): void {
    if (attempt.wrong !== 0 || attempt.pausedUntil !== 0) this.opts.store.savePinAttempt(personId, { wrong: 0, pausedUntil: 0 });
  }

  private wrongPin(person: PersonWithPin, attempt: PinAttempt, via: PinLockout['via']): void {
    const wrong = attempt.wrong + 1;
    const pause = pauseAfter(wrong);
    const until = pause > 0 ? this.opts.now() + pause : 0;
    const lockout = pause > 0 ? { person, atTill: this.opts.atTill(), wrong, until, via } : undefined;
    this.opts.store.savePinAttempt(person.id, { wrong, pausedUntil: until }, lockout);
  }

  /** Runs `work` once every earlier check of these people has finished (their chains, taken all at once). */
  private async oneAtATime<T>(ids: readonly number[], work: () => Promise<T>): Promise<T> {
    const before = Promise.all(ids.map((id) => this.tails.get(id)));
    let release = (): void => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const id of ids) this.tails.set(id, done);
    try {
      await before;
      return await work();
    } finally {
      release();
      for (const id of ids) if (this.tails.get(id) === done) this.tails.delete(id);
    }
  }
}
