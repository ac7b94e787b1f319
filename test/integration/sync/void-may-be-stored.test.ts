/**
 * Issue 19, part 2: a sale the service may hold is never voided. Against the real sandbox over HTTP on 127.0.0.1:
 * a gateway that forwards the POST and answers 502 (`fail_after_commit_next`) leaves an invoice at the service;
 * the sale is not voidable, the look-up by reference finds the document and the sale ends validated. A gateway
 * that answers 502 without forwarding (`fail_next`): the look-up finds nothing and the void succeeds. A refusal
 * before sending (connection refused) needs no look-up. The triggers refuse a void written directly in SQL.
 */
import { createServer } from 'node:net';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseInvoiceRange } from '../../../shared/api/numbering-range';
import { createInvoicingApi } from '../../../common/invoicing/invoicing-api';
import { CorrectionRefused } from '../../../electron/core/store';
import { pollPending } from '../../../electron/core/sync/poller';
import { submitSale } from '../../../electron/core/sync/sender';
import { askServiceBeforeVoid } from '../../../electron/core/sync/void-check';
import { sampleSale } from '../../support/sample-sale';
import { FAST_API, startRig, type Rig } from '../../support/sync-rig';
import type { InvoicingApi } from '../../../common/invoicing/invoicing-api';

const actor = { person: null, approvedBy: null };
const noRanges = { current: async () => { throw new Error('unused'); }, replaceRefused: async () => { throw new Error('unused'); } };

describe('a sale the service may hold is never voided', () => {
  let rig: Rig;
  let rangeId: string;
  beforeEach(async () => {
    rig = await startRig();
    const choice = chooseInvoiceRange(await rig.api.listNumberingRanges());
    if (choice.kind !== 'chosen') throw new Error('the sandbox has no invoice range');
    rangeId = choice.range.id;
  });
  afterEach(() => rig.close());

  /** One send of a new sale through the real client, as the engine does it (the engine itself is not running). */
  async function ringUpAndSend(i: number, api: InvoicingApi = rig.api) {
    const sale = rig.store.recordSale(sampleSale(i, rangeId));
    const [claimed] = rig.store.claimNext(1);
    if (!claimed) throw new Error('nothing to send');
    await submitSale({ store: rig.store, api, ranges: noRanges as never, now: Date.now, random: () => 0.5, retry: { baseMs: 60_000, capMs: 60_000 } }, claimed);
    return sale;
  }
  const documentsFor = async (reference: string): Promise<Array<{ id: string; status: string }>> =>
    (await rig.sandboxCall('GET', `/v1/documents?reference_code=${reference}`)).data;
  const getSale = (id: number) => {
    const sale = rig.store.getSale(id);
    if (!sale) throw new Error(`no sale ${id}`);
    return sale;
  };
  /** A void written straight into SQLite, past the store's code: the triggers alone must refuse it. */
  function voidDirectly(saleId: number, entryId: number): () => void {
    return () => {
      const db = new Database(rig.dbPath);
      try {
        db.transaction(() => {
          db.prepare(`INSERT INTO sale_corrections (at, kind, sale_id, person_name, what, reason, before) VALUES (1, 'void', ?, '', 'void', 'x', '{}')`).run(saleId);
          db.prepare(`UPDATE outbox SET closed = 'voided', state = 'needs_attention' WHERE id = ?`).run(entryId);
        })();
      } finally {
        db.close();
      }
    };
  }

  it('stored by the service behind a 502: not voidable, the look-up finds it, and it ends validated, never voided', async () => {
    // Every internal retry of the one send meets the failing gateway; each one is stored (the first) or found again.
    await rig.sandboxCall('POST', '/sandbox/faults', { fail_after_commit_next: { count: FAST_API.retry?.maxAttempts ?? 4, status: 502 } });
    const sale = await ringUpAndSend(1);
    expect(await documentsFor(sale.referenceCode)).toHaveLength(1);
    const attempts = rig.store.listAttempts(sale.entryId);
    expect(attempts).toMatchObject([{ outcome: 'ambiguous', httpStatus: 502, mayHaveReached: true }]);
    expect(getSale(sale.saleId).outbox.state).toBe('waiting');
    expect(rig.store.saleStanding(sale.saleId)).toBe('maybe_stored');
    expect(() => rig.store.voidSale({ saleId: sale.saleId, reason: 'cliente se fue', actor })).toThrow(CorrectionRefused);
    expect(voidDirectly(sale.saleId, sale.entryId)).toThrow(/may hold|voided only/);

    const check = await askServiceBeforeVoid(rig.store, rig.api, getSale(sale.saleId));
    expect(check).toMatchObject({ kind: 'held', documentId: (await documentsFor(sale.referenceCode))[0]?.id });
    expect(rig.store.saleStanding(sale.saleId)).not.toBe('maybe_stored');
    expect(() => rig.store.voidSale({ saleId: sale.saleId, reason: 'cliente se fue', actor })).toThrow(CorrectionRefused);
    for (let i = 0; i < 50 && getSale(sale.saleId).outbox.state !== 'validated'; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the sandbox validates after 100 ms
      await pollPending(rig.store, rig.api, { perPage: 100, maxLookups: 5 });
    }
    expect(getSale(sale.saleId).outbox.state).toBe('validated');
    expect(rig.store.saleStanding(sale.saleId)).toBe('validated');
    expect(rig.store.correctionsOf(sale.saleId)).toEqual([]);
    expect((await documentsFor(sale.referenceCode)).map((d) => d.status)).toEqual(['VALIDATED']);
  });

  it('a 502 from a gateway that did not forward: the look-up finds nothing and the void succeeds, until another attempt', async () => {
    await rig.sandboxCall('POST', '/sandbox/faults', { fail_next: { count: FAST_API.retry?.maxAttempts ?? 4, status: 502 } });
    const sale = await ringUpAndSend(2);
    expect(await documentsFor(sale.referenceCode)).toEqual([]);
    expect(rig.store.saleStanding(sale.saleId)).toBe('maybe_stored');
    expect(voidDirectly(sale.saleId, sale.entryId)).toThrow();

    expect(await askServiceBeforeVoid(rig.store, rig.api, getSale(sale.saleId))).toEqual({ kind: 'absent' });
    expect(rig.store.saleStanding(sale.saleId)).toBe('never_sent');
    rig.store.voidSale({ saleId: sale.saleId, reason: 'cliente se fue', actor });
    expect(rig.store.saleStanding(sale.saleId)).toBe('voided');
    expect(rig.store.claimNext(5)).toEqual([]);
    expect(await documentsFor(sale.referenceCode)).toEqual([]);

    // An answer says nothing about a later attempt: a sale sent again after "none" needs asking again.
    await rig.sandboxCall('POST', '/sandbox/faults', { fail_next: { count: FAST_API.retry?.maxAttempts ?? 4, status: 503 } });
    const again = await ringUpAndSend(3);
    expect(await askServiceBeforeVoid(rig.store, rig.api, getSale(again.saleId))).toEqual({ kind: 'absent' });
    rig.store.recordAttempt(again.entryId, { startedAt: 1, finishedAt: 2, outcome: 'ambiguous', httpStatus: 504, message: 'gateway timeout' });
    expect(rig.store.saleStanding(again.saleId)).toBe('maybe_stored');
    expect(voidDirectly(again.saleId, again.entryId)).toThrow();
  });

  it('refused before sending (connection refused) needs no look-up; a service that cannot be asked refuses the void', async () => {
    const port = await closedPort();
    const down = createInvoicingApi({ baseUrl: `http://127.0.0.1:${port}`, clientId: 'fc_x', getClientSecret: async () => 's', ...FAST_API });
    try {
      const refused = await ringUpAndSend(4, down);
      expect(rig.store.listAttempts(refused.entryId)).toMatchObject([{ outcome: 'transient', mayHaveReached: false }]);
      expect(rig.store.saleStanding(refused.saleId)).toBe('never_sent');
      rig.store.voidSale({ saleId: refused.saleId, reason: 'sin conexión, cliente se fue', actor });
      expect(rig.store.saleStanding(refused.saleId)).toBe('voided');

      await rig.sandboxCall('POST', '/sandbox/faults', { fail_after_commit_next: { count: FAST_API.retry?.maxAttempts ?? 4, status: 500 } });
      const held = await ringUpAndSend(5);
      const check = await askServiceBeforeVoid(rig.store, down, getSale(held.saleId));
      expect(check.kind).toBe('not-asked');
      expect(rig.store.saleStanding(held.saleId)).toBe('maybe_stored');
      expect(() => rig.store.voidSale({ saleId: held.saleId, reason: 'x', actor })).toThrow(CorrectionRefused);
    } finally {
      await down.close();
    }
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
