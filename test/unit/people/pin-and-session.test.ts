/** PIN hashes (real scrypt from node:crypto) and the till session's pause after wrong PINs, on a fake clock. */
import { describe, expect, it } from 'vitest';
import { canonicalDecimal } from '../../../electron/core/people/cashier-rules';
import { hashPin, pinMatches } from '../../../electron/core/people/pin-hash';
import { TillSession } from '../../../electron/core/people/till-session';
import type { PersonWithPin } from '../../../electron/core/store/people';
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
    const store = {
      countPeople: () => people.length,
      personWithPin: (id: number) => people.find((p) => p.id === id) ?? null,
      peopleWithPins: () => people,
    };
    return { session: new TillSession(store, now), people };
  }

  it('after too many wrong PINs in a row every PIN check pauses, even the right one, then works again', async () => {
    let t = 1_000_000;
    const { session } = await sessionWith(() => t);
    for (let i = 0; i < LIMITS.pinTriesBeforePause; i += 1) await expect(session.owner('0000')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(session.owner('2468')).rejects.toThrow(/Too many wrong PINs/);
    await expect(session.signIn(1, '2468')).rejects.toThrow(/Too many wrong PINs/);
    t += LIMITS.pinPauseMs;
    expect((await session.owner('2468')).name).toBe('Ana');
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
