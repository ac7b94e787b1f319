import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import type { InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { resolveNumberingRange } from '../../../common/invoicing/range-selection';
import { clientFor, controlSandbox, invoiceBody, startTestSandbox, type SandboxControl } from './sandbox-control';
import { failureOf } from '../../support/api-failure';

let sandbox: RunningSandbox | null = null;
let api: InvoicingApi | null = null;

afterEach(async () => {
  await api?.close();
  await sandbox?.close();
  api = null;
  sandbox = null;
});


/** Sandbox + control line + client with a token already held and the current range known. */
async function ready(overrides: Parameters<typeof clientFor>[1] = {}): Promise<{ control: SandboxControl; client: InvoicingApi; rangeId: string }> {
  sandbox = await startTestSandbox();
  const control = await controlSandbox(sandbox);
  api = clientFor(sandbox, overrides);
  const resolved = await resolveNumberingRange({ api, now: Date.now });
  if (!resolved.ok) throw new Error(resolved.message);
  return { control, client: api, rangeId: resolved.range.id };
}

const postCount = (c: { requests: Record<string, number> }) => c.requests['POST /v1/invoices'] ?? 0;

describe('failures against the real sandbox and its fault injection', () => {
  it('a burst of 503s is retried until the invoice goes through', async () => {
    const { control, client, rangeId } = await ready();
    await control.faults({ fail_next: { count: 2, status: 503 } });
    const before = await control.counters();
    const doc = await client.createInvoice(invoiceBody('R-503', rangeId));
    expect(doc).toMatchObject({ reference_code: 'R-503', status: 'QUEUED' });
    const after = await control.counters();
    expect(after.documents - before.documents).toBe(1);
    expect(postCount(after) - postCount(before)).toBe(3);
    expect(client.stats().retries).toBe(2);
  });

  it('a 429 storm is waited out for the Retry-After the service asked for', async () => {
    const slept: number[] = [];
    const sleep = (ms: number) => {
      slept.push(ms);
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    };
    const { control, client, rangeId } = await ready({ sleep });
    await control.faults({ rate_limit_storm_next: { count: 2, retry_after_s: 1 } });
    const before = await control.counters();
    const doc = await client.createInvoice(invoiceBody('R-429', rangeId));
    expect(doc.reference_code).toBe('R-429');
    expect(client.stats()).toMatchObject({ http429: 2, retries: 2 });
    // Each 429 held the process back for about the second asked for (a little less: time passes before waiting).
    expect(slept.filter((ms) => ms > 900 && ms <= 1_000)).toHaveLength(2);
    expect((await control.counters()).documents - before.documents).toBe(1);
  });

  it('a connection reset after the invoice was stored is ambiguous, retried with the same body: exactly one document', async () => {
    const { control, client, rangeId } = await ready();
    await control.faults({ reset_after_commit_next: 1 });
    const before = await control.counters();
    const doc = await client.createInvoice(invoiceBody('R-RESET', rangeId));
    const after = await control.counters();
    expect(doc.reference_code).toBe('R-RESET');
    expect(after.documents - before.documents).toBe(1);
    expect(after.numbers_consumed - before.numbers_consumed).toBeLessThanOrEqual(1);
    expect(postCount(after) - postCount(before)).toBe(2);
    expect(client.stats().retries).toBe(1);
    const found = await client.listDocuments({ referenceCode: 'R-RESET' });
    expect(found.documents.map((d) => d.id)).toEqual([doc.id]);
  });

  it('without retries left, the reset surfaces as transient and ambiguous', async () => {
    const { control, client, rangeId } = await ready({ retry: { maxAttempts: 1 } });
    await control.faults({ reset_after_commit_next: 1 });
    const error = await failureOf(client.createInvoice(invoiceBody('R-AMB', rangeId)));
    expect(error).toMatchObject({ kind: 'transient', ambiguous: true });
    // The sync engine's follow-up (same reference) finds the invoice the lost answer was about.
    const again = await client.createInvoice(invoiceBody('R-AMB', rangeId));
    expect((await client.listDocuments({ referenceCode: 'R-AMB' })).documents.map((d) => d.id)).toEqual([again.id]);
  });

  it('a malformed answer is a retryable contract error, then the retry succeeds', async () => {
    const { control, client, rangeId } = await ready();
    await control.faults({ malformed_next: 1 });
    const before = await control.counters();
    const doc = await client.createInvoice(invoiceBody('R-MAL', rangeId));
    expect(doc.reference_code).toBe('R-MAL');
    expect(client.stats().retries).toBe(1);
    expect((await control.counters()).documents - before.documents).toBe(1);
  });

  it('a malformed answer with no retries left is reported as contract (ambiguous only for a POST)', async () => {
    const { control, client, rangeId } = await ready({ retry: { maxAttempts: 1 } });
    const created = await client.createInvoice(invoiceBody('R-MAL2', rangeId));
    await control.faults({ malformed_next: 1 });
    const error = await failureOf(client.getDocument(created.id));
    expect(error).toMatchObject({ kind: 'contract', ambiguous: false, retryable: true });
    expect((await client.getDocument(created.id)).id).toBe(created.id);
  });

  it('a validation error is permanent, not retried, with the human message and per-field details', async () => {
    const { client, rangeId } = await ready();
    const body = JSON.parse(invoiceBody('R-BAD', rangeId)) as { items: Array<Record<string, unknown>> } & Record<string, unknown>;
    (body.items[0] as Record<string, unknown>).quantity = -1;
    body.total = 2142;
    const error = await failureOf(client.createInvoice(JSON.stringify(body)));
    expect(error).toMatchObject({ kind: 'permanent', status: 400, code: 'VALIDATION', ambiguous: false });
    expect(error.message).toBe('the invoice request is not valid');
    expect(error.details).toEqual(expect.arrayContaining([expect.stringMatching(/^items\.0\.quantity: /), 'total: property total should not exist']));
    expect(client.stats().retries).toBe(0);
  });

  it('a range the service refuses is flagged RANGE_INVALID, and re-resolving without it finds the current one', async () => {
    const { client, rangeId } = await ready();
    const ranges = await client.listNumberingRanges();
    const expired = ranges.find((r) => r.document_type === 'INVOICE' && r.validity === 'not-current');
    expect(expired).toBeDefined();
    const error = await failureOf(client.createInvoice(invoiceBody('R-RANGE', expired!.id)));
    expect(error).toMatchObject({ kind: 'permanent', code: 'RANGE_INVALID', status: 400 });
    expect(error.message).toMatch(/numbering_range_id/);
    const resolved = await resolveNumberingRange({ api: client, preferredId: expired!.id, rejectedId: expired!.id, now: Date.now });
    expect(resolved).toMatchObject({ ok: true, range: { id: rangeId, validity: 'current' } });
  });

  it('a sandbox that is down gives a transient, not ambiguous error after the bounded retries', async () => {
    sandbox = await startTestSandbox();
    api = clientFor(sandbox);
    await sandbox.close();
    sandbox = null;
    const error = await failureOf(api.createInvoice(invoiceBody('R-DOWN', '00000000-0000-4000-8000-000000000000')));
    expect(error).toMatchObject({ kind: 'transient', code: 'NETWORK', ambiguous: false });
    expect(api.stats()).toMatchObject({ retries: 3, requests: 4, tokenRequests: 4 });
  });
});
