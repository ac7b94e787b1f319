/**
 * Issue 26 through the bridge: a till with people or shifts in use sells inside an open shift (the owner's rule says
 * whether Cobrar asks to open one or refuses), never silently «fuera de turno»; people, roles and PINs from the shop
 * server's feed apply at once (the status push carries a stamp the screens follow, `people.session` reads them
 * without a restart), and once the shop has people a till never sells with nobody signed in. Real SQLite, real
 * keychain, the demo service, and the REAL shop server on PGlite.
 */
import { describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/consumidor-final';
import { CASH, ITEMS, startAppRig, type AppRig } from '../app/app-rig';
import { backOfficeWorld, OWNER_PIN, until } from './back-office-world';

const world = backOfficeWorld();
const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const sale = { customer, items: ITEMS.slice(0, 1), payment: CASH };
const EMPTY_COUNT = { bills: {}, coins: {} };

const salesCount = async (rig: AppRig): Promise<number> => (await rig.value('sales.search', { limit: 1 })).total;

describe('a shift is how a till sells', () => {
  it('a till with nobody and no shift ever sells as before; once a shift was used, a charge without one asks to open one', async () => {
    const rig = await startAppRig();
    try {
      expect((await rig.call('sales.charge', sale)).ok).toBe(true);
      const shift = await rig.value('shifts.open', { openingCash: 50_000 });
      const inShift = await rig.value('sales.charge', sale);
      await rig.value('shifts.close', { shiftId: shift.id, count: EMPTY_COUNT, confirmUnsent: true });
      // The shift is closed: the next charge is not made «fuera de turno»; the screen is told to ask for one.
      const before = await salesCount(rig);
      expect(await rig.call('sales.charge', sale)).toMatchObject({
        ok: false, error: { code: 'FORBIDDEN', reason: 'NO_SHIFT_OPEN', fields: { shift: 'no shift is open; open one to charge' } },
      });
      expect(await salesCount(rig)).toBe(before);
      // Opening it there and then, the same charge goes through inside the new shift.
      const next = await rig.value('shifts.open', { openingCash: 20_000 });
      const charged = await rig.value('sales.charge', sale);
      const report = await rig.value('shifts.report', {});
      expect(report.sales.count).toBe(1);
      expect(next.id).not.toBe(shift.id);
      expect(charged.saleId).toBeGreaterThan(inShift.saleId);
    } finally {
      await rig.close();
    }
  });

  it('people set up: no sale without a shift; the owner may make it a refusal, which a cashier cannot change', async () => {
    const rig = await startAppRig();
    try {
      expect((await rig.value('settings.get', {})).shiftRule).toBe('ask');
      await rig.value('people.save', { person: { name: 'Ana', role: 'owner', pin: OWNER_PIN } });
      const beto = await rig.value('people.save', { person: { name: 'Beto', role: 'cashier', pin: '1357' } });
      expect(await rig.call('sales.charge', sale)).toMatchObject({ ok: false, error: { reason: 'NO_SHIFT_OPEN' } });
      expect(await salesCount(rig)).toBe(0);

      await rig.value('settings.save', { shiftRule: 'refuse' });
      expect((await rig.value('settings.get', {})).shiftRule).toBe('refuse');
      expect(await rig.call('sales.charge', sale)).toMatchObject({
        ok: false, error: { code: 'FORBIDDEN', reason: 'NO_SHIFT_REFUSED', fields: { shift: 'no shift is open; open one in Turnos to sell' } },
      });
      await rig.value('people.signIn', { personId: beto.id, pin: '1357' });
      expect(await rig.call('settings.save', { shiftRule: 'ask' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await rig.call('settings.save', { shiftRule: 'sometimes' } as never)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { shiftRule: 'must be ask or refuse' } } });
      expect((await rig.value('settings.get', {})).shiftRule).toBe('refuse');

      // The cashier opens the shift in Turnos and sells; the sale is in it.
      await rig.value('shifts.open', { openingCash: 0 });
      expect((await rig.call('sales.charge', sale)).ok).toBe(true);
      expect((await rig.value('shifts.report', {})).sales.count).toBe(1);
    } finally {
      await rig.close();
    }
  });
});

describe('what the server sends takes effect at once', () => {
  it('people from the feed are in people.session without a restart, the status push says so, and nobody signed in sells nothing', async () => {
    const harness = await world.server();
    const one = await world.pairedTill(harness, { cashiers: [{ name: 'Rosa', pin: '1357' }] });
    // Till 2 joins the shop with nobody of its own: it sells freely until the feed brings the shop's people.
    const two = await world.pairedTill(harness, { owner: null, seedShop: false });
    const stampBefore = (await two.value('sync.status', {})).peopleStamp;
    await until('the shop\'s people reach till 2', async () => (await two.value('people.session', {})).people.length === 2);
    expect(await two.value('people.session', {})).toMatchObject({ setUp: true, current: null });
    expect((await two.value('people.session', {})).people.map((p) => [p.name, p.role]).sort()).toEqual([['Marta', 'owner'], ['Rosa', 'cashier']]);
    // The status push the screens follow carries the change: a screen reads people.session again on it.
    await until('a status push with the new people stamp', async () => two.events.some((e) => e.event === 'sync.status' && e.payload.peopleStamp !== stampBefore));

    // Nobody is signed in at till 2: nothing is charged.
    expect(await two.call('sales.charge', sale)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', reason: 'NOBODY_SIGNED_IN', fields: { person: expect.any(String) } } });
    expect(await salesCount(two)).toBe(0);
    const rosa = (await two.value('people.session', {})).people.find((p) => p.name === 'Rosa')!;
    await two.value('people.signIn', { personId: rosa.id, pin: '1357' });
    // Signed in, with people in use: a shift first.
    expect(await two.call('sales.charge', sale)).toMatchObject({ ok: false, error: { reason: 'NO_SHIFT_OPEN' } });
    await two.value('shifts.open', { openingCash: 0 });
    expect((await two.call('sales.charge', sale)).ok).toBe(true);

    // A person deactivated at the server is deactivated at till 2 without a restart.
    await one.value('shop.openBackOffice', { pin: OWNER_PIN });
    const rosaAtServer = (await one.value('shop.people', {})).people.find((p) => p.name === 'Rosa')!;
    expect((await one.value('shop.savePerson', { key: rosaAtServer.key, baseVersion: rosaAtServer.version, name: 'Rosa', role: 'cashier', active: false })).outcome).toBe('saved');
    await until('Rosa\'s deactivation reaches till 2', async () => (await two.value('people.session', {})).people.find((p) => p.name === 'Rosa')?.active === false);
    // Deactivated while signed in: nobody is selling any more, and nothing is charged.
    expect((await two.value('people.session', {})).current).toBeNull();
    expect(await two.call('sales.charge', sale)).toMatchObject({ ok: false, error: { reason: 'NOBODY_SIGNED_IN' } });
  });
});
