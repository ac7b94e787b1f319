/**
 * A poll asks for a page sized to what waits: at a busy counter a few documents wait, and a page of 100 with their QR
 * images is about a megabyte each poll. Against the real sandbox over HTTP on 127.0.0.1, with 30 older documents of
 * the same client id already there (another till's, validated): the waiting ones are found on a small first page,
 * and a backlog still reads full pages. The sandbox's own request log says what was asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseInvoiceRange } from '../../../shared/api/numbering-range';
import { pollPending } from '../../../electron/core/sync/poller';
import { submitSale } from '../../../electron/core/sync/sender';
import type { InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { sampleSale } from '../../support/sample-sale';
import { startRig, type Rig } from '../../support/sync-rig';

const noRanges = { current: async () => { throw new Error('unused'); }, replaceRefused: async () => { throw new Error('unused'); } };

describe('the size of a poll page', () => {
  let rig: Rig;
  let rangeId: string;
  let pages: Array<{ page: number; perPage: number; returned: number }>;
  let api: InvoicingApi;
  beforeEach(async () => {
    rig = await startRig({ sandbox: { validationDelayMs: 50 } });
    const choice = chooseInvoiceRange(await rig.api.listNumberingRanges());
    if (choice.kind !== 'chosen') throw new Error('the sandbox has no invoice range');
    rangeId = choice.range.id;
    pages = [];
    // The real client, with each list call written down (what the poll asked for and how much came back).
    api = {
      ...rig.api,
      listDocuments: async (q) => {
        const result = await rig.api.listDocuments(q);
        pages.push({ page: q?.page ?? 1, perPage: q?.perPage ?? 0, returned: result.documents.length });
        return result;
      },
    };
  });
  afterEach(() => rig.close());

  async function ringUpAndSend(from: number, count: number): Promise<void> {
    for (let i = from; i < from + count; i++) {
      rig.store.recordSale(sampleSale(i, rangeId));
      const [claimed] = rig.store.claimNext(1);
      if (!claimed) throw new Error('nothing to send');
      await submitSale({ store: rig.store, api: rig.api, ranges: noRanges as never, now: Date.now, random: () => 0.5, retry: { baseMs: 60_000, capMs: 60_000 } }, claimed);
    }
  }
  /** The sandbox validates 50 ms after a create; the poll comes after that. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  /** Documents of the same client id this till does not wait for (another till's), created before ours. */
  async function othersFirst(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const body = JSON.parse(rig.store.getSaleByReference(rig.store.recordSale(sampleSale(10_000 + i, rangeId)).referenceCode)!.outbox.requestBody);
      await rig.sandboxCall('POST', '/v1/invoices', body);
    }
    // Ours only from here: the others' sales leave this till's outbox (they were "sent" by someone else).
    for (const entry of rig.store.claimNext(count)) rig.store.markNeedsAttention(entry.id, 'sent by another till in this test');
  }

  it('three documents waiting: one page of ten, which holds them, and every one is validated', async () => {
    await othersFirst(30);
    await ringUpAndSend(0, 3);
    expect(rig.store.listAwaitingValidation().filter((e) => e.remoteId !== null)).toHaveLength(3);
    await settle();
    const result = await pollPending(rig.store, api, { perPage: 100, maxLookups: 20 });
    expect(pages).toEqual([{ page: 1, perPage: 10, returned: 10 }]);
    expect(result.pending).toBe(0);
    expect(result.updates.map((u) => u.state)).toEqual(['validated', 'validated', 'validated']);
  });

  it('a backlog of 120 waiting: full pages of 100, as before', async () => {
    await ringUpAndSend(0, 120);
    await settle();
    const result = await pollPending(rig.store, api, { perPage: 100, maxLookups: 20 });
    expect(pages).toEqual([{ page: 1, perPage: 100, returned: 100 }, { page: 2, perPage: 100, returned: 20 }]);
    expect(result.pending).toBe(0);
  });
});
