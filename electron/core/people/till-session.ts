/**
 * Who is selling at this till. The core holds it (one person per running till, the same for the Electron window
 * and browser mode), so the renderer never keeps a PIN: it sends one with a single call and forgets it. Not kept
 * across restarts on purpose: a till that starts again opens on "who is selling".
 *
 * While nobody is set up, the till works as it always has (an implicit owner).
 */
import { LIMITS } from '../../../shared/limits';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { Store } from '../store';
import type { Person } from '../store/people';
import { pinMatches } from './pin-hash';

const asPerson = ({ id, name, role, active }: Person): Person => ({ id, name, role, active });

export class TillSession {
  private currentId: number | null = null;
  private wrongInARow = 0;
  private pausedUntil = 0;

  constructor(private readonly store: Pick<Store, 'countPeople' | 'personWithPin' | 'peopleWithPins'>, private readonly now: () => number) {}

  /** Whether anybody has been set up; until then there are no restrictions. */
  setUp(): boolean {
    return this.store.countPeople() > 0;
  }

  current(): Person | null {
    if (this.currentId === null) return null;
    const person = this.store.personWithPin(this.currentId);
    // Deactivated (or gone) while signed in: nobody is selling any more.
    if (!person || !person.active) {
      this.currentId = null;
      return null;
    }
    return asPerson(person);
  }

  /** Whether the calls a cashier cannot make alone need an owner's PIN right now. */
  needsOwner(): boolean {
    return this.setUp() && this.current()?.role !== 'owner';
  }

  /** Someone who just set the till up, or was checked by PIN, is the one selling. */
  become(person: Person): void {
    this.currentId = person.id;
  }

  signOut(): void {
    this.currentId = null;
  }

  async signIn(personId: number, pin: string): Promise<Person> {
    const person = this.store.personWithPin(personId);
    if (!person || !person.active) throw new BridgeFailure('NOT_FOUND', 'That person is not set up at this till (or no longer active).');
    if (!(await this.checked(() => pinMatches(pin, person.pinHash)))) {
      throw new BridgeFailure('FORBIDDEN', `That is not ${person.name}'s PIN.`, { pin: 'is not the right PIN' });
    }
    this.currentId = person.id;
    return asPerson(person);
  }

  /** The active owner whose PIN this is, for one action; refused with FORBIDDEN otherwise. */
  async owner(pin: string): Promise<Person> {
    const owners = this.store.peopleWithPins().filter((p) => p.active && p.role === 'owner');
    const found = await this.checked(async () => {
      for (const owner of owners) if (await pinMatches(pin, owner.pinHash)) return owner;
      return null;
    });
    if (!found) throw new BridgeFailure('FORBIDDEN', 'That is not an owner\'s PIN.', { 'ownerOverride.pin': 'is not an owner\'s PIN' });
    return asPerson(found);
  }

  /** Runs a PIN check; too many wrong ones in a row pause every PIN check for a while (a PIN is short). */
  private async checked<T>(check: () => Promise<T>): Promise<T> {
    const wait = this.pausedUntil - this.now();
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new BridgeFailure('FORBIDDEN', `Too many wrong PINs: try again in ${seconds} seconds.`, { pin: `too many wrong PINs; try again in ${seconds} seconds` });
    }
    const result = await check();
    if (result) {
      this.wrongInARow = 0;
    } else if (++this.wrongInARow >= LIMITS.pinTriesBeforePause) {
      this.wrongInARow = 0;
      this.pausedUntil = this.now() + LIMITS.pinPauseMs;
    }
    return result;
  }
}
