/**
 * Issue 21's owner's view through the bridge: a composed till (real SQLite, real keychain, demo service) paired with
 * the REAL shop server on PGlite, a second till pushing its day, the owner's PIN opening the back office, and the
 * dashboard and day report read through the till's core (the token never crosses the bridge).
 */
import { describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { sumAmounts } from '../../../shared/money';
import { shopDateOf, shopDayWindow } from '../../../shared/shop/shop-day';
import { daySales, counts } from '../server/back-office-samples';
import { pushAll } from '../server/back-office-rig';
import { CASH, ITEMS } from '../app/app-rig';
import { backOfficeWorld, OWNER_PIN, until } from './back-office-world';

const world = backOfficeWorld();

describe('the back office through a paired till, against the real server on PGlite', () => {
  it('opens with the owner\'s PIN and reads the dashboard and day report of two tills; refuses before and after', async () => {
    const harness = await world.server();
    const rig = await world.pairedTill(harness, { cashiers: [{ name: 'Rosa', pin: '1357' }] });

    // Before the PIN: nothing is read.
    expect(await rig.call('shop.dashboard', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', reason: 'BACK_OFFICE_CLOSED' } });

    // This till sells twice; another till pushes its own day.
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    await rig.value('people.signIn', { personId: 1, pin: OWNER_PIN });
    // With people set up a till sells inside a shift (issue 26).
    await rig.value('shifts.open', { openingCash: 0 });
    const sold = [await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH }), await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH })];
    await until('both sales reach the server', async () => (await rig.value('sync.status', {})).shopServer?.salesWaiting === 0);
    const other = await harness.pairedTill('Caja 2');
    const today = shopDateOf(Date.now());
    const window = shopDayWindow(today);
    const theirs = daySales(window.from, Math.min(window.to, Date.now()), 6).filter((s) => s.tillIndex === 0);
    await pushAll([other], theirs);

    // A cashier's PIN does not open it; the owner's does.
    const refused = await rig.call('shop.openBackOffice', { pin: '1357' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const session = await rig.value('shop.openBackOffice', { pin: OWNER_PIN });
    expect(session).toMatchObject({ personName: 'Marta', tillNumber: 1 });
    expect(JSON.stringify(session)).not.toMatch(/token/i);

    const dashboard = await rig.value('shop.dashboard', {});
    expect(dashboard.today.date).toBe(today);
    expect(dashboard.today.byTill.map((t) => t.tillNumber).sort()).toEqual([1, 2]);
    const mine = dashboard.today.byTill.find((t) => t.tillNumber === 1)!;
    expect(mine.count).toBe(2);
    expect(mine.total).toBe(sumAmounts(sold.map((s) => s.totals.payable)));
    const expectedOther = sumAmounts(theirs.filter((s) => counts(s.sale)).map((s) => s.sale.total));
    expect(dashboard.today.byTill.find((t) => t.tillNumber === 2)!.total).toBe(expectedOther);

    const report = await rig.value('shop.dayReport', { date: today });
    expect(report.sales.total).toBe(dashboard.today.sales.total);
    expect(report.sales.total).toBe(sumAmounts([mine.total, expectedOther]));
    // Neither till has closed a shift: both are named as without their Z.
    expect(report.tillsWithoutZ.map((t) => t.number).sort()).toEqual([1, 2]);

    // The change signal wakes when a till pushes.
    const first = await rig.value('shop.waitForChange', { wait: 0 });
    const waiting = rig.value('shop.waitForChange', { since: first.version, wait: 20 });
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    expect(await waiting).toMatchObject({ changed: true });

    const page = await rig.value('shop.sales', { q: sold[0]!.referenceCode });
    expect(page.sales[0]).toMatchObject({ referenceCode: sold[0]!.referenceCode, tillNumber: 1 });
    const detail = await rig.value('shop.sale', { referenceCode: sold[0]!.referenceCode });
    expect(detail.lines.length).toBe(ITEMS.length);

    // Closed: the reads are refused again, and nothing of the session reached a file.
    await rig.value('shop.closeBackOffice', {});
    expect(await rig.call('shop.dayReport', { date: today })).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    expect(rig.results.map((r) => JSON.stringify(r)).join('\n')).not.toMatch(/"token"/);
  }, 90_000);
});
