/**
 * Issue 28, the till's side of the shop's confirmations, on a real SQLite store and the real sandbox over HTTP on
 * 127.0.0.1: the engine does not poll the documents the shop server covers and polls them at once when the cover
 * ends; an outcome the feed relays (the document the server read with a GET) is applied to the right sale only, in
 * the feed page's transaction. The delegate here is a stand-in for the shop server's watch (its real client and the
 * real server are in test/integration/shop/shop-confirmations.pglite.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { chooseInvoiceRange } from '../../../shared/api/numbering-range';
import type { DocumentOutcome } from '../../../shared/shop/contract';
import type { OutboxEntry } from '../../../electron/core/store/outbox';
import { applyRelayedOutcome } from '../../../electron/core/shop/relayed-outcome';
import { submitSale } from '../../../electron/core/sync/sender';
import type { ConfirmDelegate } from '../../../electron/core/sync/sync-engine';
import { sampleSale } from '../../support/sample-sale';
import { startRig, type Rig } from '../../support/sync-rig';

const noRanges = { current: async () => { throw new Error('unused'); }, replaceRefused: async () => { throw new Error('unused'); } };

/** A stand-in for the shop server's watch: covers everything while `covering`, writes down what it is told. */
function standInDelegate() {
  const listeners = new Set<() => void>();
  const state = {
    covering: true,
    queued: [] as string[],
    settled: [] as string[],
    asked: 0,
    end() {
      state.covering = false;
      for (const listener of listeners) listener();
    },
  };
  const delegate: ConfirmDelegate = {
    queued: (ref) => { state.queued.push(ref); },
    settled: (ref) => { state.settled.push(ref); },
    covers: (_entry: OutboxEntry) => {
      state.asked++;
      return state.covering;
    },
    onCoverChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { state, delegate };
}

describe('the shop server confirms for the till (issue 28)', () => {
  let rig: Rig | null = null;
  afterEach(async () => {
    await rig?.close();
    rig = null;
  });

  it('a covered document is not polled by the till; when the cover ends the till polls it at once and tells the server its verdict', async () => {
    const { state, delegate } = standInDelegate();
    rig = await startRig({ sandbox: { validationDelayMs: 50 }, engine: { delegate } });
    const r = rig;
    const choice = chooseInvoiceRange(await r.api.listNumberingRanges());
    if (choice.kind !== 'chosen') throw new Error('the sandbox has no invoice range');
    const refs = [1, 2, 3].map((i) => r.store.recordSale(sampleSale(i, choice.range.id)).referenceCode);
    r.engine.start();
    await r.waitFor(() => r.store.counts().queued === 3, 5_000);
    // Well past the first look and several follow-ups (poll gaps of 100–500 ms in this rig): the sandbox validated
    // them long ago, yet the till asked the service nothing about them.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(state.queued.sort()).toEqual([...refs].sort());
    expect(state.asked).toBeGreaterThan(0);
    // No look-up at all; at most the one connection probe of a starting engine (a one-document page).
    expect(r.api.stats().byKind.document).toBe(0);
    expect(r.api.stats().byKind.list).toBeLessThanOrEqual(1);
    const listsBefore = r.api.stats().byKind.list;
    expect(r.store.counts().queued).toBe(3);

    state.end();
    await r.waitFor(() => r.store.counts().validated === 3, 5_000);
    expect(r.api.stats().byKind.list - listsBefore + r.api.stats().byKind.document).toBeGreaterThan(0);
    expect(state.settled.sort()).toEqual([...refs].sort());
  });

  it('an outcome relayed through the feed validates only its own sale, once; another reference, another document or a still-queued one change nothing', async () => {
    rig = await startRig({ sandbox: { validationDelayMs: 50 } });
    const r = rig;
    const choice = chooseInvoiceRange(await r.api.listNumberingRanges());
    if (choice.kind !== 'chosen') throw new Error('the sandbox has no invoice range');
    const sale = r.store.recordSale(sampleSale(7, choice.range.id));
    const other = r.store.recordSale(sampleSale(8, choice.range.id));
    for (const entry of r.store.claimNext(2)) {
      await submitSale({ store: r.store, api: r.api, ranges: noRanges as never, now: Date.now, random: () => 0.5, retry: { baseMs: 60_000, capMs: 60_000 } }, entry);
    }
    const mine = r.store.entryByReference(sale.referenceCode)!;
    const theirs = r.store.entryByReference(other.referenceCode)!;
    expect(mine.state).toBe('queued');
    const queuedDoc = await r.sandboxCall('GET', `/v1/documents/${mine.remoteId}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const validatedDoc = await r.sandboxCall('GET', `/v1/documents/${mine.remoteId}`);
    const outcome = (referenceCode: string, documentId: string, document: DocumentOutcome['document']): DocumentOutcome => ({
      referenceCode, documentId, status: String((document.data as { status?: string } | undefined)?.status ?? document.status), document, seenAt: Date.now(), version: 1,
    });

    // Still QUEUED, as the till knew: nothing new.
    if (String((queuedDoc.data ?? queuedDoc).status) === 'QUEUED') {
      expect(applyRelayedOutcome(r.store, outcome(sale.referenceCode, mine.remoteId!, queuedDoc))).toBeNull();
    }
    // My document under the other sale's reference, or another document id under mine: refused.
    expect(applyRelayedOutcome(r.store, outcome(other.referenceCode, mine.remoteId!, validatedDoc))).toBeNull();
    expect(applyRelayedOutcome(r.store, outcome(sale.referenceCode, theirs.remoteId!, validatedDoc))).toBeNull();
    // A document that cannot be read: refused.
    expect(applyRelayedOutcome(r.store, outcome(sale.referenceCode, mine.remoteId!, { nothing: 'here' }))).toBeNull();
    // The server's account does not know it: handed back to the till's own looks, the sale untouched.
    expect(applyRelayedOutcome(r.store, { ...outcome(sale.referenceCode, mine.remoteId!, {}), status: 'NOT_FOUND' })).toEqual({ release: sale.referenceCode });
    expect(r.store.entryByReference(sale.referenceCode)!.state).toBe('queued');
    expect(r.store.entryByReference(other.referenceCode)!.state).toBe('queued');

    const update = applyRelayedOutcome(r.store, outcome(sale.referenceCode, mine.remoteId!, validatedDoc));
    expect(update).toEqual({ entryId: mine.id, referenceCode: sale.referenceCode, state: 'validated' });
    const after = r.store.entryByReference(sale.referenceCode)!;
    expect(after.fullNumber).toMatch(/\d/);
    expect(after.cufe).toMatch(/^[0-9a-f]{64,96}$/i);
    expect(after.qrImage).toMatch(/^data:image\//);
    // Said once: the same outcome again changes nothing.
    expect(applyRelayedOutcome(r.store, outcome(sale.referenceCode, mine.remoteId!, validatedDoc))).toBeNull();
    expect(r.store.entryByReference(other.referenceCode)!.state).toBe('queued');
  });

  it('a feed page with a document outcome applies it in the page\'s transaction, with the cursor; without an applier it is passed over', async () => {
    rig = await startRig({ sandbox: { validationDelayMs: 50 } });
    const r = rig;
    const choice = chooseInvoiceRange(await r.api.listNumberingRanges());
    if (choice.kind !== 'chosen') throw new Error('the sandbox has no invoice range');
    const sale = r.store.recordSale(sampleSale(9, choice.range.id));
    const [entry] = r.store.claimNext(1);
    await submitSale({ store: r.store, api: r.api, ranges: noRanges as never, now: Date.now, random: () => 0.5, retry: { baseMs: 60_000, capMs: 60_000 } }, entry!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const remoteId = r.store.entryByReference(sale.referenceCode)!.remoteId!;
    const document = await r.sandboxCall('GET', `/v1/documents/${remoteId}`);
    const data = { referenceCode: sale.referenceCode, documentId: remoteId, status: 'VALIDATED', document, seenAt: Date.now(), version: 1 };
    r.store.recordShopPairing({}, 0);

    r.store.applyShopChanges({ changes: [{ seq: 5, kind: 'document', key: sale.referenceCode, data }], cursor: 5, more: false });
    expect(r.store.shopState().cursor).toBe(5);
    expect(r.store.entryByReference(sale.referenceCode)!.state).toBe('queued');

    const applied: string[] = [];
    r.store.setFeedDocumentApplier((outcome) => {
      const result = applyRelayedOutcome(r.store, outcome);
      if (result && 'state' in result) applied.push(result.state);
    });
    r.store.applyShopChanges({ changes: [{ seq: 6, kind: 'document', key: sale.referenceCode, data: { ...data, version: 2 } }], cursor: 6, more: false });
    expect(applied).toEqual(['validated']);
    expect(r.store.shopState().cursor).toBe(6);
    expect(r.store.entryByReference(sale.referenceCode)!.state).toBe('validated');
  });
});
