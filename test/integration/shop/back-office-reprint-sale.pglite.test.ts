/**
 * Tienda's History across tills reprints another till's sale on this till's receipt printer (issue 21): a composed
 * till (real SQLite, real keychain) paired with the REAL shop server on PGlite and a fake network printer; a second
 * till pushes a validated sale (one with the service's QR URL, one from an older till without it) and one still
 * waiting at the DIAN. Through the bridge the owner reprints: the core fetches the sale again and the printer
 * receives it marked COPIA with its full number and CUFE, its QR the service's URL or the DIAN's lookup from the
 * CUFE. Refused without a session and for a sale not validated (nothing queued); with no receipt printer (receipts
 * through the print dialog) the COPIA's paper comes back for the page to print (issue 26).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/printer';
import { cashChange, cashDue } from '../../../shared/money';
import type { PushedSale } from '../../../shared/shop/contract';
import { decodeEscPos } from '../../support/escpos-decoder';
import { wholeJobs } from '../../support/escpos-fake-printer';
import { oneSale } from '../server/back-office-samples';
import { backOfficeWorld, OWNER_PIN, until } from './back-office-world';

const world = backOfficeWorld();
const CUFE_A = 'a'.repeat(96);
const CUFE_B = 'b'.repeat(96);
const SERVICE_QR = `https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${CUFE_A}`;


describe('Tienda reprints a till\'s sale from the shop server on this till\'s receipt printer', () => {
  it('prints a validated sale of another till as COPIA with its number, CUFE and QR; refuses without a session, unvalidated, no printer', async () => {
    const harness = await world.server();
    const one = await world.pairedTill(harness);
    const printer = await world.printerFor(one);

    // Till 2 ("Bodega") pushed two validated sales (one with the service's QR URL, one from before it was pushed)
    // and one the DIAN has not validated yet.
    const two = await harness.pairedTill('Bodega');
    const at = Date.now() - 60_000;
    const withQr = oneSale('BOD-1', 7, at, { fullNumber: 'SETP990000123', cufe: CUFE_A });
    const cash = { received: '50000.00', change: cashChange('50000.00', cashDue(withQr.total)) };
    const paid: PushedSale = { ...withQr, service: { ...withQr.service, qrUrl: SERVICE_QR }, cash };
    const older = oneSale('BOD-2', 8, at + 1000, { fullNumber: 'SETP990000124', cufe: CUFE_B });
    const base = oneSale('BOD-3', 9, at + 2000);
    const waiting: PushedSale = { ...base, service: { state: 'queued', fullNumber: null, cufe: null, validatedAt: null } };
    expect((await two.call('POST', '/v1/sales', { sales: [paid, older, waiting] })).status).toBe(200);

    expect(await one.call('shop.reprintSale', { referenceCode: 'BOD-1' })).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    await one.value('shop.openBackOffice', { pin: OWNER_PIN });
    expect(await one.call('shop.reprintSale', { referenceCode: 'BOD-3' }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'SALE_NOT_VALIDATED' } });
    expect(await one.call('shop.reprintSale', { referenceCode: 'NADA-1' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await one.value('printer.get', {})).status.waitingJobs).toBe(0);

    expect(await one.value('shop.reprintSale', { referenceCode: 'BOD-1' })).toEqual({ queued: true });
    await until('the copy printed', async () => wholeJobs(printer).length === 1 && (await one.value('printer.get', {})).status.waitingJobs === 0);
    const paper = decodeEscPos(wholeJobs(printer)[0]!);
    const text = paper.lines.join('\n');
    expect(paper.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
    expect(text).toContain('SETP990000123');
    expect(text.replace(/\s+/g, '')).toContain(CUFE_A);
    expect(text).toContain('Bodega');
    expect(text).toMatch(/\$ 50\.000,00/);
    expect(paper.qrPayloads).toEqual([SERVICE_QR]);
    expect(paper.cuts).toBe(1);

    // A sale pushed without the service's QR URL: the DIAN's lookup from its CUFE (the demo service: habilitación).
    expect(await one.value('shop.reprintSale', { referenceCode: 'BOD-2' })).toEqual({ queued: true });
    await until('the second copy printed', async () => wholeJobs(printer).length === 2 && (await one.value('printer.get', {})).status.waitingJobs === 0);
    const second = decodeEscPos(wholeJobs(printer)[1]!);
    expect(second.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
    expect(second.lines.join('\n')).toContain('SETP990000124');
    expect(second.qrPayloads).toEqual([`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${CUFE_B}`]);

    // With no receipt printer set up the till prints its receipts through the print dialog (issue 26): so does the
    // COPIA. Nothing is queued; the paper comes back for the page to show, marked COPIA, with the number, CUFE and QR.
    await one.value('printer.save', { settings: DEFAULT_PRINTER_SETTINGS });
    const dialog = await one.value('shop.reprintSale', { referenceCode: 'BOD-1' });
    expect(dialog.queued).toBe(false);
    expect(dialog.receipt).toMatchObject({ fiscal: true, fullNumber: 'SETP990000123', cufe: CUFE_A, qrUrl: SERVICE_QR, copy: { fiscal: true } });
    expect(dialog.receipt?.qrImage).toMatch(/^data:image\/png;base64,/);
    expect((await one.value('printer.get', {})).status.waitingJobs).toBe(0);
    // …and the page's print goes through this till's dialog printer (the test's shell: the page prints itself).
    expect(await one.value('shop.printSaleCopy', {})).toEqual({ printed: false });
    await one.value('shop.closeBackOffice', {});
    expect(await one.call('shop.printSaleCopy', {})).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
  });
});
