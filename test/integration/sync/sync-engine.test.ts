import { readFileSync, existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/server';
import { sampleSale } from '../../support/sample-sale';
import { startRig, waitFor, type Rig } from '../../support/sync-rig';

// The real core (store on a SQLite file, undici client, sync engine) against the real sandbox over HTTP.
let rig: Rig | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

function recordSales(r: Rig, n: number, from = 0) {
  const refs: string[] = [];
  for (let i = from; i < from + n; i++) refs.push(r.store.recordSale(sampleSale(i)).referenceCode);
  r.engine.kick();
  return refs;
}

const drained = (r: Rig) => () => {
  const c = r.store.counts();
  return c.waiting === 0 && c.sending === 0 && c.queued === 0;
};

/** Every sale has exactly one document at the service, and numbers consumed equal documents. */
async function expectOneDocumentPerSale(r: Rig, refs: string[]) {
  for (const ref of refs) {
    const list = await r.sandboxCall('GET', `/v1/documents?reference_code=${encodeURIComponent(ref)}`);
    expect(list.data, ref).toHaveLength(1);
  }
  const counters = await r.sandboxCall('GET', '/sandbox/counters');
  expect(counters.documents).toBe(refs.length);
  expect(counters.numbers_consumed).toBe(counters.documents);
}

describe('sync engine against the sandbox', () => {
  it('drains sales to VALIDATED and stores full number, CUFE and QR', async () => {
    rig = await startRig();
    rig.engine.start();
    const refs = recordSales(rig, 8);
    await rig.waitFor(drained(rig));
    expect(rig.store.counts().validated).toBe(8);
    for (const ref of refs) {
      const sale = rig.store.getSaleByReference(ref)!;
      expect(sale.outbox.state).toBe('validated');
      expect(sale.outbox.fullNumber).toMatch(/^SETP\d+$/);
      expect(sale.outbox.cufe).toMatch(/^[0-9a-f]{64}$/);
      expect(sale.outbox.qrUrl).toContain(sale.outbox.cufe!);
      expect(sale.outbox.qrImage).toMatch(/^data:image\/png;base64,/);
    }
    await expectOneDocumentPerSale(rig, refs);
  });

  it('a connection reset after the invoice was committed still yields exactly one invoice', async () => {
    rig = await startRig();
    await rig.sandboxCall('POST', '/sandbox/faults', { reset_after_commit_next: 3 });
    rig.engine.start();
    const refs = recordSales(rig, 5);
    await rig.waitFor(drained(rig));
    expect(rig.store.counts().validated).toBe(5);
    await expectOneDocumentPerSale(rig, refs);
  });

  it('rides out a burst of 5xx and malformed bodies', async () => {
    rig = await startRig();
    await rig.sandboxCall('POST', '/sandbox/faults', { fail_next: { count: 7, status: 503 } });
    rig.engine.start();
    const refs = recordSales(rig, 4);
    await rig.waitFor(drained(rig));
    await rig.sandboxCall('POST', '/sandbox/faults', { malformed_next: 3 });
    const more = recordSales(rig, 3, 4);
    await rig.waitFor(drained(rig));
    expect(rig.store.counts().validated).toBe(7);
    await expectOneDocumentPerSale(rig, [...refs, ...more]);
  });

  it('honours a 429 storm and still drains', async () => {
    rig = await startRig();
    await rig.sandboxCall('POST', '/sandbox/faults', { rate_limit_storm_next: { count: 4, retry_after_s: 1 } });
    rig.engine.start();
    const refs = recordSales(rig, 4);
    await rig.waitFor(drained(rig), 20_000);
    expect(rig.store.counts().validated).toBe(4);
    expect(rig.api.stats().http429).toBeGreaterThanOrEqual(1);
    await expectOneDocumentPerSale(rig, refs);
  });

  it('asks for one token per expiry, not one per call (token TTL of 2 s)', async () => {
    rig = await startRig({ sandbox: { tokenTtlSeconds: 2 } });
    rig.engine.start();
    const startedAt = Date.now();
    const refs: string[] = [];
    for (let round = 0; round < 10; round++) {
      refs.push(...recordSales(rig, 2, round * 2));
      await new Promise((r) => setTimeout(r, 450));
    }
    await rig.waitFor(drained(rig));
    const elapsedS = (Date.now() - startedAt) / 1000;
    const stats = rig.api.stats();
    // Refreshed at half-life for a short TTL: about one token per second of run, never one per request.
    expect(stats.tokenRequests).toBeGreaterThanOrEqual(2);
    expect(stats.tokenRequests).toBeLessThanOrEqual(Math.ceil(elapsedS) + 2);
    expect(stats.requests).toBeGreaterThan(stats.tokenRequests * 2);
    await expectOneDocumentPerSale(rig, refs);
  });

  it('moves a rejected sale to needs attention with the service message and keeps it', async () => {
    rig = await startRig();
    const first = rig.store.recordSale(sampleSale(0));
    const rejected = rig.store.recordSale(sampleSale(1));
    await rig.sandboxCall('POST', '/sandbox/faults', { reject_references: [rejected.referenceCode] });
    rig.engine.start();
    rig.engine.kick();
    await rig.waitFor(drained(rig));
    const bad = rig.store.getSaleByReference(rejected.referenceCode)!;
    expect(bad.outbox.state).toBe('needs_attention');
    expect(bad.outbox.lastError).toMatch(/REJECTED/);
    expect(bad.outbox.lastError?.length).toBeGreaterThan(40);
    expect(bad.outbox.cufe).toBeNull();
    expect(rig.store.getSaleByReference(first.referenceCode)!.outbox.state).toBe('validated');
  });

  it('re-chooses the numbering range when the service refuses the one a sale was frozen with', async () => {
    rig = await startRig();
    const ranges = await rig.sandboxCall('GET', '/v1/numbering-ranges');
    const expired = ranges.data.find((r: any) => r.document_type === 'INVOICE' && r.is_active === false);
    const current = ranges.data.find((r: any) => r.document_type === 'INVOICE' && r.is_active === true);
    rig.store.setSetting('numbering_range.current_id', expired.id);
    const sale = rig.store.recordSale(sampleSale(0, expired.id));
    rig.engine.start();
    await rig.waitFor(drained(rig));
    const entry = rig.store.getSaleByReference(sale.referenceCode)!.outbox;
    expect(entry.state).toBe('validated');
    expect(entry.numberingRangeId).toBe(current.id);
    expect(JSON.parse(entry.requestBody).numbering_range_id).toBe(current.id);
    expect(rig.store.getSetting('numbering_range.current_id')).toBe(current.id);
  });

  it('assigns a range to a sale rung up before any range was known', async () => {
    rig = await startRig();
    const sale = rig.store.recordSale(sampleSale(3, null));
    expect(JSON.parse(rig.store.getSaleByReference(sale.referenceCode)!.outbox.requestBody).numbering_range_id).toBeNull();
    rig.engine.start();
    await rig.waitFor(drained(rig));
    const entry = rig.store.getSaleByReference(sale.referenceCode)!.outbox;
    expect(entry.state).toBe('validated');
    expect(JSON.parse(entry.requestBody).numbering_range_id).toBe(entry.numberingRangeId);
  });

  it('wrong credentials: sales wait (not needs attention) and the engine reports unauthorized', async () => {
    rig = await startRig({ secret: 'not-the-secret' });
    rig.engine.start();
    recordSales(rig, 2);
    await rig.waitFor(() => rig!.engine.snapshot().connection === 'unauthorized');
    const counts = rig.store.counts();
    expect(counts.needs_attention).toBe(0);
    expect(counts.waiting + counts.sending).toBe(2);
    expect(rig.engine.snapshot().lastError).toMatch(/client|credential|unauthori/i);
  });

  it('offline is a state: sandbox down, sales wait; sandbox back on the same port and data, queue drains', async () => {
    rig = await startRig({ sandbox: { db: ':memory:' } });
    const port = Number(new URL(rig.sandbox.baseUrl).port);
    rig.engine.start();
    const before = recordSales(rig, 2);
    await rig.waitFor(drained(rig));
    await rig.sandbox.close();
    const during = recordSales(rig, 4, 2);
    await rig.waitFor(() => rig!.engine.snapshot().connection === 'offline');
    const requestsWhileDown = rig.api.stats().requests;
    await new Promise((r) => setTimeout(r, 1_000));
    // The probe backs off: a few probes in a second (each one API call with up to 4 quick tries), not a storm.
    expect(rig.api.stats().requests - requestsWhileDown).toBeLessThan(40);
    expect(rig.store.counts().waiting).toBe(4);
    expect(rig.engine.snapshot().lastErrorCode).toBe('NETWORK');
    const revived = await startSandbox({ port, faults: true, validationDelayMs: 100 });
    rig.sandbox = revived;
    await rig.waitFor(drained(rig), 20_000);
    expect(rig.engine.snapshot().connection).toBe('online');
    // Back to normal: the old error is not left on the status bar.
    expect(rig.engine.snapshot()).toMatchObject({ lastError: null, lastErrorCode: null });
    expect(rig.store.counts().validated).toBe(6);
    for (const ref of during) expect(rig.store.getSaleByReference(ref)!.outbox.fullNumber).toMatch(/^SETP/);
    expect(before).toHaveLength(2);
  });

  it('emits progress events for the UI', async () => {
    rig = await startRig();
    const seen = new Set<string>();
    rig.engine.subscribe((e) => seen.add(e.type === 'sale' ? `sale:${e.state}` : `status:${e.snapshot.connection}`));
    rig.engine.start();
    recordSales(rig, 2);
    await rig.waitFor(drained(rig));
    await waitFor(() => seen.has('sale:validated'));
    expect(seen.has('sale:sending')).toBe(true);
    expect(seen.has('sale:queued')).toBe(true);
    expect(seen.has('status:online')).toBe(true);
  });

  it('never writes the client secret or an access token to the SQLite file', async () => {
    rig = await startRig();
    rig.engine.start();
    recordSales(rig, 3);
    await rig.waitFor(drained(rig));
    rig.store.close();
    for (const suffix of ['', '-wal', '-shm']) {
      const file = rig.dbPath + suffix;
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1');
      expect(bytes.includes(rig.sandbox.clientSecret), file).toBe(false);
      expect(bytes.includes('eyJhbGci'), file).toBe(false); // a JWT header
    }
  });
});
