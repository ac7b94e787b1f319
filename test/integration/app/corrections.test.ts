/**
 * Corrections through the real bridge dispatch of a composed app (real SQLite file, real keychain, the shop's
 * sandbox over HTTP on 127.0.0.1 with its fault injection): a sale the service rejected after storing it is
 * corrected under a new reference and validated, with no second document for the first reference; a sale the
 * service refused at creation keeps its reference; a void is refused once the service stored the sale; a cashier
 * needs an owner's PIN, and the record names both.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { serviceKey } from '../../../electron/core/app/settings-mapping';
import { openStore } from '../../../electron/core/store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { CASH, ITEMS, forgetSecret, startAppRig, waitForState, type AppRig } from './app-rig';

const SECRET = `shop-secret-${randomBytes(12).toString('hex')}`;
const CLIENT = 'fc_tienda_corr';
const buyer = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Cliente Errado S.A.S.', tax_regime: '48',
  email: 'compras@cliente.example.co', municipality_code: '05001',
};
const fixedBuyer = { ...buyer, identification: '800197268', dv: '4', name: 'Cliente Correcto S.A.S.' };

describe('corrections of sales that need attention', () => {
  let shop: RunningSandbox;
  let rig: AppRig;
  let refused = { saleId: 0, referenceCode: '' };

  async function shopCall(path: string, body?: unknown): Promise<unknown> {
    const token = await fetch(`${shop.baseUrl}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(5_000),
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: CLIENT, client_secret: SECRET }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const res = await fetch(`${shop.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST', signal: AbortSignal.timeout(5_000),
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return res.json();
  }
  const documentsFor = async (reference: string) =>
    ((await shopCall(`/v1/documents?per_page=100&reference_code=${reference}`)) as { data: Array<{ status: string }> }).data;

  beforeAll(async () => {
    shop = await startSandbox({ clientId: CLIENT, clientSecret: SECRET, validationDelayMs: 400, faults: true });
    // The sender chooses the range before its first POST, so a refused sale carries one.
    const ranges = (await shopCall('/v1/numbering-ranges')) as { data: Array<{ id: string; document_type: string; is_active: boolean }> };
    const range = ranges.data.find((r) => r.document_type === 'INVOICE' && r.is_active)?.id ?? null;
    rig = await startAppRig((dataDir) => {
      // A sale the shop's service refused outright at creation (a permanent 400), as the sender leaves it.
      const store = openStore({ path: join(dataDir, DATA_FILE) });
      const recorded = store.recordSale({ customer: buyer, items: ITEMS.slice(0, 1), payment: CASH, numberingRangeId: range, service: serviceKey(shop.baseUrl, CLIENT) });
      store.claimNext(1);
      store.recordAttempt(recorded.entryId, { startedAt: 0, finishedAt: 1, outcome: 'permanent', httpStatus: 400, message: 'the invoice request is not valid: customer.identification: unknown to the tax authority' });
      store.markNeedsAttention(recorded.entryId, 'the invoice request is not valid: customer.identification: unknown to the tax authority');
      refused = { saleId: recorded.saleId, referenceCode: recorded.referenceCode };
      store.close();
    });
    await rig.value('settings.saveConnection', { baseUrl: shop.baseUrl, clientId: CLIENT, clientSecret: SECRET });
  });
  afterAll(async () => {
    if (rig) await forgetSecret(rig.keychainService, shop.baseUrl, CLIENT);
    await rig?.close();
    await shop?.close();
  });

  it('a sale refused at creation says why in the service\'s words, keeps its reference when corrected, and is validated once', async () => {
    const why = await rig.value('corrections.get', { saleId: refused.saleId });
    expect(why).toMatchObject({ standing: 'refused_at_creation', canCorrect: 'same_reference', canVoid: true, fields: ['customer.identification'] });
    expect(why.serviceWords[0]).toContain('unknown to the tax authority');
    const done = await rig.value('corrections.correct', { saleId: refused.saleId, customer: fixedBuyer, reason: 'NIT equivocado' });
    expect(done).toMatchObject({ kind: 'same_reference', saleId: refused.saleId, referenceCode: refused.referenceCode });
    await waitForState(rig, refused.saleId, 'validated');
    const documents = await documentsFor(refused.referenceCode);
    expect(documents.map((d) => d.status)).toEqual(['VALIDATED']);
    const log = (await rig.value('corrections.get', { saleId: refused.saleId })).log;
    expect(log).toMatchObject([{ kind: 'same_reference', what: 'customer', personName: '', reason: 'NIT equivocado', before: { customer: buyer }, after: { customer: fixedBuyer } }]);
  });

  it('a sale the service stored and rejected gets a new linked reference; the first reference keeps its one (rejected) document', async () => {
    const sale = await rig.value('sales.charge', { customer: buyer, items: ITEMS.slice(0, 1), payment: CASH });
    await shopCall('/sandbox/faults', { reject_references: [sale.referenceCode] });
    await waitForState(rig, sale.saleId, 'needs_attention');
    const why = await rig.value('corrections.get', { saleId: sale.saleId });
    expect(why).toMatchObject({ standing: 'rejected_after_validation', canCorrect: 'new_reference', canVoid: false });
    expect(why.serviceWords.join(' ')).toContain('FAD06');
    // Voiding is refused: the service stored it.
    expect(await rig.call('corrections.void', { saleId: sale.saleId, reason: 'no' }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { saleId: 'cannot be changed here (rejected_after_validation)' } } });

    const done = await rig.value('corrections.correct', { saleId: sale.saleId, customer: fixedBuyer, reason: 'Rechazada: NIT del cliente' });
    expect(done.kind).toBe('new_reference');
    expect(done.referenceCode).not.toBe(sale.referenceCode);
    await waitForState(rig, done.saleId, 'validated');
    expect((await documentsFor(sale.referenceCode)).map((d) => d.status)).toEqual(['REJECTED']);
    expect((await documentsFor(done.referenceCode)).map((d) => d.status)).toEqual(['VALIDATED']);
    const first = await rig.value('corrections.get', { saleId: sale.saleId });
    expect(first).toMatchObject({ standing: 'replaced', canCorrect: null, correctedBy: { id: done.saleId, referenceCode: done.referenceCode, state: 'validated' } });
    expect(await rig.value('corrections.get', { saleId: done.saleId })).toMatchObject({ corrects: { id: sale.saleId } });
    // The first is never sent again, and no longer counts as needing attention.
    expect(await rig.call('sales.retry', { id: sale.saleId })).toMatchObject({ ok: false });
    expect((await rig.value('sync.status', {})).counts.needs_attention).toBe(0);
  });

  it('a cashier needs an owner\'s PIN to correct; the record names the cashier and the owner who allowed it', async () => {
    await rig.value('people.save', { person: { name: 'Ana', role: 'owner', pin: '2468' } });
    const beto = await rig.value('people.save', { person: { name: 'Beto', role: 'cashier', pin: '1357' } });
    await rig.value('people.signIn', { personId: beto.id, pin: '1357' });
    // With people set up a till sells inside a shift (issue 26).
    if (!(await rig.value('shifts.current', {}))) await rig.value('shifts.open', { openingCash: 0 });
    const sale = await rig.value('sales.charge', { customer: buyer, items: ITEMS.slice(0, 1), payment: CASH });
    await shopCall('/sandbox/faults', { reject_references: [sale.referenceCode] });
    await waitForState(rig, sale.saleId, 'needs_attention');
    expect(await rig.call('corrections.correct', { saleId: sale.saleId, customer: fixedBuyer, reason: 'x' }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { ownerOverride: expect.any(String) } } });
    expect((await rig.value('corrections.get', { saleId: sale.saleId })).log).toEqual([]);
    const done = await rig.value('corrections.correct', { saleId: sale.saleId, customer: fixedBuyer, reason: 'x', ownerOverride: { pin: '2468' } });
    expect((await rig.value('corrections.get', { saleId: done.saleId })).log)
      .toMatchObject([{ kind: 'new_reference', personName: 'Beto', approvedByName: 'Ana' }]);
    expect((await rig.value('people.overrides', { limit: 5, ownerOverride: { pin: '2468' } })).overrides[0]).toMatchObject({ action: 'correction', ownerName: 'Ana', cashierName: 'Beto' });
    const open = await rig.value('shifts.current', {});
    if (open) await rig.value('shifts.close', { shiftId: open.id, count: { bills: {}, coins: {} }, confirmUnsent: true });
  });

  it('bad input is refused by its field and writes nothing', async () => {
    expect(await rig.call('corrections.correct', { saleId: refused.saleId, reason: 'x' } as never))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { customer: expect.any(String) } } });
    expect(await rig.call('corrections.correct', { saleId: refused.saleId, customer: { ...fixedBuyer, dv: '9' }, reason: 'x', ownerOverride: { pin: '2468' } }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { 'customer.dv': expect.any(String) } } });
    expect(await rig.call('corrections.void', { saleId: refused.saleId, reason: ' ', ownerOverride: { pin: '2468' } }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { reason: expect.any(String) } } });
    expect(JSON.stringify(rig.results)).not.toContain(SECRET);
  });

  it('a correction made in shift 2 for a sale of shift 1 stays in shift 1: shift 2 closes even, shift 1\'s Z stays as printed', async () => {
    const count119850 = { bills: { '100000': 1, '10000': 1, '5000': 1, '2000': 2 }, coins: { '500': 1, '200': 1, '100': 1, '50': 1 } };
    const one = await rig.value('shifts.open', { openingCash: 100_000 });
    const sale = await rig.value('sales.charge', { customer: buyer, items: ITEMS.slice(0, 1), payment: CASH });
    await shopCall('/sandbox/faults', { reject_references: [sale.referenceCode] });
    await waitForState(rig, sale.saleId, 'needs_attention');
    const z1 = await rig.value('shifts.close', { shiftId: one.id, count: count119850, confirmUnsent: true });
    expect(z1.cash).toMatchObject({ cashSales: '19850.00', expected: '119850.00', difference: '0.00' });

    const two = await rig.value('shifts.open', { openingCash: 100_000 });
    const done = await rig.value('corrections.correct', { saleId: sale.saleId, customer: fixedBuyer, reason: 'NIT', ownerOverride: { pin: '2468' } });
    const x2 = await rig.value('shifts.report', {});
    expect(x2.sales).toEqual({ count: 0, payable: '0.00' });
    expect(x2.cash).toMatchObject({ cashSales: '0.00', expected: '100000.00' });
    const z2 = await rig.value('shifts.close', { shiftId: two.id, count: { bills: { '100000': 1 }, coins: {} }, confirmUnsent: true });
    expect(z2.cash).toMatchObject({ counted: '100000.00', difference: '0.00' });

    const { afterClose, ...frozen } = await rig.value('shifts.report', { shiftId: one.id });
    expect(frozen).toEqual(z1);
    expect(afterClose).toMatchObject([{ kind: 'new_reference', referenceCode: sale.referenceCode, newReferenceCode: done.referenceCode, newShortNumber: done.shortNumber,
      payableBefore: '19845.00', payableAfter: '19845.00', personName: 'Beto', approvedByName: 'Ana', reason: 'NIT' }]);
  });
});
