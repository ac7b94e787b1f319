/**
 * Who is selling at this till. The core holds it (one person per running till, the same for the Electron window
 * and browser mode), so the renderer never keeps a PIN: it sends one with a single call and forgets it. Not kept
 * across restarts on purpose: a till that starts again opens on "who is selling".
 *
 * While nobody is set up, the till works as it always has (an implicit owner).
 */
import { BridgeFailure } from '../bridge/bridge-failure';
import type { Store } from '../store';
import type { Person } from '../store/people';
import { PinGuard } from './pin-guard';

const OVERRIDE_PIN_FIELD = 'ownerOverride.pin';

const asPerson = ({ id, name, role, active }: Person): Person => ({ id, name, role, active });

export class TillSession {
  private currentId: number | null = null;
  private readonly pins: PinGuard;

  /** `verify` replaces the scrypt check in tests that count how many PINs were hashed. */
  constructor(
    private readonly store: Pick<Store, 'countPeople' | 'personWithPin' | 'peopleWithPins' | 'pinAttempt' | 'savePinAttempt'>,
    now: () => number,
    verify?: (pin: string, hash: string) => Promise<boolean>,
  ) {
    this.pins = new PinGuard({ store, now, atTill: () => this.current(), ...(verify ? { verify } : {}) });
  }

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
    if (!(await this.pins.check(person, pin, 'pin'))) {
      throw new BridgeFailure('FORBIDDEN', `That is not ${person.name}'s PIN.`, { pin: 'is not the right PIN' });
    }
    this.currentId = person.id;
    return asPerson(person);
  }

  /** The active owner whose PIN this is, for one action; refused with FORBIDDEN otherwise. */
  async owner(pin: string): Promise<Person> {
    const everyone = this.store.peopleWithPins();
    const owners = everyone.filter((p) => p.active && p.role === 'owner');
    const found = await this.pins.owner(owners, everyone, pin, OVERRIDE_PIN_FIELD);
    if (!found) throw new BridgeFailure('FORBIDDEN', 'That is not an owner\'s PIN.', { [OVERRIDE_PIN_FIELD]: 'is not an owner\'s PIN' });
    return asPerson(found);
  }
}
