/**
 * Tienda's "Turnos y Z por caja" prints another till's Z on this till's receipt printer (issue 21): a composed till
 * (real SQLite, real keychain) paired with the REAL shop server on PGlite and a fake network printer
 * (test/support/escpos-fake-printer.ts); a second till pushes its closed shift with its Z. Through the bridge the
 * owner prints that Z: the core fetches it again from the server and the printer receives it marked COPIA, with the
 * other till's name and frozen figures. Refused without a session and for a shift the server does not have. A till
 * with no receipt printer (receipts through the print dialog) prints the Z the page shows that way (issue 26).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer';
import { decodeEscPos } from '../../support/escpos-decoder';
import { wholeJobs } from '../../support/escpos-fake-printer';
import { sampleShiftReport } from '../../support/escpos-sample-report';
import { backOfficeWorld, OWNER_PIN, until } from './back-office-world';

const world = backOfficeWorld();


describe('Tienda prints a till\'s Z from the shop server on this till\'s receipt printer', () => {
  it('queues the server\'s Z as a COPIA with the other till\'s name and figures; refuses without a session or an unknown shift; with no receipt printer, the print dialog', async () => {
    const harness = await world.server();
    const one = await world.pairedTill(harness);
    const printer = await world.printerFor(one);

    // Till 2 ("Bodega") closed shift 3 and pushed it with its Z.
    const two = await harness.pairedTill('Bodega');
    const z = sampleShiftReport('Z');
    const report = { ...z, shift: { ...z.shift, id: 3, tillName: 'Bodega' } };
    const pushed = await two.call('POST', '/v1/shifts', { shifts: [{
      shiftId: 3, openedAt: z.shift.openedAt, openedBy: z.shift.openedBy, openingCash: '100000.00', closedAt: z.shift.closedAt!, closedBy: 'José Núñez',
      countedCash: z.cash.counted!, report,
    }] });
    expect(pushed.status).toBe(200);
    const tillNumber = (await harness.db.query<{ number: number }>(`SELECT number FROM tills WHERE name = 'Bodega'`)).rows[0]!.number;

    expect(await one.call('shop.printShift', { tillNumber, shiftId: 3 })).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    await one.value('shop.openBackOffice', { pin: OWNER_PIN });
    expect(await one.call('shop.printShift', { tillNumber, shiftId: 4 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await one.value('printer.get', {})).status.waitingJobs).toBe(0);

    expect(await one.value('shop.printShift', { tillNumber, shiftId: 3 })).toEqual({ queued: true });
    await until('the Z copy printed', async () => wholeJobs(printer).length === 1 && (await one.value('printer.get', {})).status.waitingJobs === 0);
    const paper = decodeEscPos(wholeJobs(printer)[0]!);
    const text = paper.lines.join('\n');
    expect(paper.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
    expect(text).toContain('INFORME Z');
    expect(text).toMatch(/Turno +Bodega\s·\s3\n/);
    // The Z's frozen figures as the server holds them (sampleShiftReport: 149 700 counted, 800 missing).
    expect(text).toMatch(new RegExp(`Cantidad de ventas +${z.sales.count}\n`));
    expect(text).toMatch(/Contado +\$ 149\.700,00/);
    expect(text).toMatch(/Diferencia +-\$ 800,00 faltante/);
    expect(paper.cuts).toBe(1);

    // With no receipt printer set up, the till prints its receipts and its own Z through the print dialog: so does the
    // COPIA (browser mode's printer answers printed false, so the page prints the Z it shows); nothing is queued.
    await one.value('printer.save', { settings: DEFAULT_PRINTER_SETTINGS });
    expect(await one.value('shop.printShift', { tillNumber, shiftId: 3 })).toEqual({ queued: false, printed: false });
    expect((await one.value('printer.get', {})).status.waitingJobs).toBe(0);
    expect(wholeJobs(printer)).toHaveLength(1);
  });
});
