/**
 * Guessing the owner's PIN through the real bridge dispatch of a composed app (real SQLite file, fake clock):
 * the interleaved attack (4 wrong owner PINs, then the attacker's own right PIN, again and again), the concurrent
 * attack (60 sign-ins at once), the restart attack (close and reopen the app) and the override route all meet the
 * per-person pause; from the pause schedule, 10 000 guesses take longer than a year.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePosApp, type ComposedApp } from '../../../electron/compose';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import { pauseAfter } from '../../../electron/core/people/pin-guard';
import type { BridgeEnvelope, BridgeInput, BridgeMethod, BridgeResult } from '../../../shared/bridge/contract';
import { LIMITS } from '../../../shared/limits';
import { FAST_API, FAST_ENGINE } from '../../support/sync-rig';

const OWNER_PIN = '2468';
const OTHER_OWNER_PIN = '8642';
const CASHIER_PIN = '1357';
const WRONG = 'is not the right PIN';
const MINUTE = 60_000;

describe('the owner\'s PIN cannot be guessed', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-pins-'));
  const keychainService = `MostradorTest-${randomUUID()}`;
  let offset = 0;
  const now = () => 1_800_000_000_000 + offset;
  let composed: ComposedApp;
  let ana = 0;
  let carla = 0;
  let beto = 0;

  const open = async () => {
    composed = await composePosApp({ dataDir, shell: 'browser', version: '0.0.0-test', keychainService, demoValidationDelayMs: 100, api: FAST_API, engine: FAST_ENGINE, now });
  };
  const call = async <M extends BridgeMethod>(method: M, input: BridgeInput<M>) =>
    (await dispatch(composed.app.handlers, method, input, {})) as BridgeEnvelope<BridgeResult<M>>;
  const value = async <M extends BridgeMethod>(method: M, input: BridgeInput<M>) => {
    const answer = await call(method, input);
    if (!answer.ok) throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
    return answer.value;
  };
  /** What a sign-in answered: 'in', 'wrong' (the PIN was checked) or 'locked' (refused without checking). */
  const signIn = async (personId: number, pin: string) => {
    const answer = await call('people.signIn', { personId, pin });
    if (answer.ok) return 'in';
    if (answer.error.reason === 'PIN_LOCKED') return 'locked';
    if (answer.error.fields?.pin === WRONG) return 'wrong';
    return JSON.stringify(answer.error);
  };

  beforeAll(async () => {
    await open();
    ana = (await value('people.save', { person: { name: 'Ana', role: 'owner', pin: OWNER_PIN } })).id;
    carla = (await value('people.save', { person: { name: 'Carla', role: 'owner', pin: OTHER_OWNER_PIN } })).id;
    beto = (await value('people.save', { person: { name: 'Beto', role: 'cashier', pin: CASHIER_PIN } })).id;
    await value('people.signOut', {});
  });
  afterAll(async () => {
    await composed?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('interleaved: the attacker\'s own right PIN every 4 guesses does not reset the owner\'s count', async () => {
    const answers: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const guess of ['0000', '1111', '2222', '3333']) answers.push(await signIn(ana, guess));
      expect(await signIn(beto, CASHIER_PIN)).toBe('in');
    }
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(LIMITS.pinTriesBeforePause);
    expect(answers.slice(LIMITS.pinTriesBeforePause).every((a) => a === 'locked')).toBe(true);
    // Even the right PIN is refused during the pause, with the time it lifts; the other owner is not paused.
    const refused = await call('people.signIn', { personId: ana, pin: OWNER_PIN });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', reason: 'PIN_LOCKED', fields: { pin: `too many wrong PINs; paused until ${new Date(now() + MINUTE).toISOString()}` } } });
    expect(await signIn(carla, OTHER_OWNER_PIN)).toBe('in');
    await value('people.signOut', {});
  });

  it('concurrent: of 60 sign-ins sent at once at most 5 are checked, and the right PIN among them does not get in', async () => {
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 30 ? OTHER_OWNER_PIN : String(1000 + i)));
    const answers = await Promise.all(guesses.map((pin) => signIn(carla, pin)));
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(LIMITS.pinTriesBeforePause);
    expect(answers.filter((a) => a === 'locked')).toHaveLength(60 - LIMITS.pinTriesBeforePause);
    expect((await value('people.session', {})).current).toBeNull();
  });

  it('restart: closing and opening the app again does not lift a pause; the clock does, and the next pause is longer', async () => {
    await composed.close();
    await open();
    expect(await signIn(carla, OTHER_OWNER_PIN)).toBe('locked');
    expect(await signIn(ana, OWNER_PIN)).toBe('locked');
    offset += MINUTE;
    // Ana's pause (1 min after her 5th wrong PIN) is over; one more wrong PIN pauses her for 2 minutes.
    expect(await signIn(ana, '9999')).toBe('wrong');
    expect(await signIn(ana, OWNER_PIN)).toBe('locked');
    offset += 2 * MINUTE - 1;
    await composed.close();
    await open();
    expect(await signIn(ana, OWNER_PIN)).toBe('locked');
    offset += 1;
    expect(await signIn(ana, OWNER_PIN)).toBe('in');
  });

  it('every lockout is in the owner\'s list of authorisations, with who was at the till', async () => {
    const { overrides } = await value('people.overrides', { limit: 50 });
    const lockouts = overrides.filter((o) => o.action === 'pin-lockout');
    expect(lockouts.map((o) => o.detail)).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'pin-lockout', name: 'Ana', wrong: 5, via: 'sign-in' }),
      expect.objectContaining({ kind: 'pin-lockout', name: 'Ana', wrong: 6 }),
      expect.objectContaining({ kind: 'pin-lockout', name: 'Carla', wrong: 5 }),
    ]));
    // The first of Ana's was set off while Beto was at the till.
    expect(lockouts.find((o) => o.detail.kind === 'pin-lockout' && o.detail.wrong === 5 && o.detail.name === 'Ana')?.cashierName).toBe('Beto');
  });

  it('an owner\'s PIN typed without a name counts against every owner: guessing through overrides is paused too', async () => {
    offset += 10 * MINUTE; // Carla's pause is over
    expect(await signIn(beto, CASHIER_PIN)).toBe('in');
    const override = async (pin: string) => {
      const answer = await call('settings.save', { silentPrint: false, ownerOverride: { pin } });
      return answer.ok ? 'ok' : answer.error.reason === 'PIN_LOCKED' ? 'locked' : answer.error.fields?.['ownerOverride.pin'] ?? JSON.stringify(answer.error);
    };
    expect(await override(OWNER_PIN)).toBe('ok');
    const answers: string[] = [];
    for (let i = 0; i < 8; i += 1) answers.push(await override(String(5000 + i)));
    // Carla had 6 wrong (her next one pauses her again) and Ana 0: Carla is left out once paused, Ana pauses after 5.
    expect(answers.slice(0, LIMITS.pinTriesBeforePause)).toEqual(Array(LIMITS.pinTriesBeforePause).fill('is not an owner\'s PIN'));
    expect(answers.slice(LIMITS.pinTriesBeforePause).every((a) => a === 'locked')).toBe(true);
    expect(await override(OWNER_PIN)).toBe('locked');
    expect(await signIn(carla, OTHER_OWNER_PIN)).toBe('locked');
  });

  it('from the pause schedule, 10 000 guesses at one person\'s PIN take longer than a year', () => {
    let waited = 0;
    for (let wrong = 1; wrong < 10_000; wrong += 1) waited += pauseAfter(wrong);
    expect(waited).toBeGreaterThan(365 * 24 * 60 * MINUTE);
  });
});
