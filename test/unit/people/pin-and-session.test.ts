/** PIN hashes (real scrypt from node:crypto) and the till session's per-person pause after wrong PINs, on a fake clock. */
import { describe, expect, it } from 'vitest';
import { canonicalDecimal } from '../../../electron/core/people/cashier-rules';
import { hashPin, pinMatches } from '../../../common/pin-hash';
import { pauseAfter, PIN_LOCKED } from '../../../electron/core/people/pin-guard';
import { TillSession } from '../../../electron/core/people/till-session';
import type { PersonWithPin } from '../../../electron/core/store/people';
import type { PinAttempt, PinLockout } from '../../../electron/core/store/pin-attempts';
import { LIMITS } from '../../../shared/limits';

describe('PIN hashes', () => {
  it('are salted (the same PIN twice gives two hashes), match only their PIN, and never contain it', async () => {
    const a = await hashPin('4321');
    const b = await hashPin('4321');
    expect(a).not.toBe(b);
    expect(a).not.toContain('4321');
    expect(await pinMatches('4321', a)).toBe(true);
    expect(await pinMatches('4321', b)).toBe(true);
    expect(await pinMatches('4322', a)).toBe(false);
  });

  it('a damaged or foreign hash never matches (nor throws)', async () => {
    const good = await hashPin('4321');
    for (const bad of ['', 'scrypt', good.replace('scrypt', 'bcrypt'), good.slice(0, -4), good.replace(/\$16384\$/, '$99999999$'), 'scrypt$0$8$1$AA$AA']) {
      expect(await pinMatches('4321', bad)).toBe(false);
    }
  });
});

describe('the till session (fake clock)', () => {
  async function sessionWith(now: () => number) {
    const people: PersonWithPin[] = [
      { id: 1, name: 'Ana', role: 'owner', active: true, pinHash: await hashPin('2468') },
      { id: 2, name: 'Beto', role: 'cashier', active: true, pinHash: await hashPin('1357') },
    ];
    const attempts = new Map<number, PinAttempt>();
    const lockouts: PinLockout[] = [];
    const store = {
      countPeople: () => people.length,
      personWithPin: (id: number) => people.find((p) => p.id === id) ?? null,
      peopleWithPins: () => people,
      pinAttempt: (id: number) => attempts.get(id) ?? { wrong: 0, pausedUntil: 0 },
      savePinAttempt: (id: number, attempt: PinAttempt, lockout?: PinLockout) => {
        attempts.set(id, attempt);
        if (lockout) lockouts.push(lockout);
      },
    };
    return { session: new TillSession(store, now), people, lockouts };
  }

  it('after too many wrong PINs for one person their checks pause, even the right PIN; another person is not paused', async () => {
    let t = 1_000_000;
    const { session, lockouts } = await sessionWith(() => t);
    for (let i = 0; i < LIMITS.pinTriesBeforePause; i += 1) await expect(session.signIn(1, '0000')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(session.signIn(1, '2468')).rejects.toMatchObject({ reason: PIN_LOCKED });
    await expect(session.owner('2468')).rejects.toMatchObject({ reason: PIN_LOCKED });
    expect((await session.signIn(2, '1357')).name).toBe('Beto');
    expect(lockouts).toMatchObject([{ person: { name: 'Ana' }, wrong: 5, until: t + LIMITS.pinPauseMs, via: 'sign-in' }]);
    t += LIMITS.pinPauseMs;
    // One more wrong PIN after the pause: the next pause is twice as long.
    await expect(session.signIn(1, '0000')).rejects.toMatchObject({ fields: { pin: 'is not the right PIN' } });
    expect(lockouts.at(-1)).toMatchObject({ wrong: 6, until: t + 2 * LIMITS.pinPauseMs });
    t += 2 * LIMITS.pinPauseMs;
    expect((await session.owner('2468')).name).toBe('Ana');
  });

  it('the pause doubles from the first and stops growing at the longest', () => {
    expect(pauseAfter(LIMITS.pinTriesBeforePause - 1)).toBe(0);
    expect(pauseAfter(LIMITS.pinTriesBeforePause)).toBe(LIMITS.pinPauseMs);
    expect(pauseAfter(LIMITS.pinTriesBeforePause + 3)).toBe(8 * LIMITS.pinPauseMs);
    expect(pauseAfter(10_000)).toBe(LIMITS.pinMaxPauseMs);
  });

  it('an owner\'s PIN that a cashier also has is refused as an override (the one typing it may be the cashier)', async () => {
    const { session, people } = await sessionWith(() => 0);
    people[1]!.pinHash = await hashPin('2468');
    await expect(session.owner('2468')).rejects.toMatchObject({ fields: { 'ownerOverride.pin': 'is not an owner\'s PIN' } });
    expect((await session.signIn(1, '2468')).name).toBe('Ana');
  });

  it('a cashier\'s PIN is not an owner\'s, and a deactivated person is signed out', async () => {
    const { session, people } = await sessionWith(() => 0);
    await expect(session.owner('1357')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await session.signIn(2, '1357');
    expect(session.needsOwner()).toBe(true);
    people[1]!.active = false;
    expect(session.current()).toBeNull();
    await expect(session.signIn(2, '1357')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('prices compared as decimals', () => {
  it('ignores leading and trailing zeros, never rounds', () => {
    expect(canonicalDecimal('018900.500')).toBe('18900.5');
    expect(canonicalDecimal(18900.5)).toBe('18900.5');
    expect(canonicalDecimal('4201.68')).toBe(canonicalDecimal(4201.68));
    expect(canonicalDecimal('4201.680000000000001')).not.toBe(canonicalDecimal(4201.68));
    expect(canonicalDecimal('0')).toBe(canonicalDecimal(0));
  });
});
