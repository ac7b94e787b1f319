import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { verifyInvoiceXml, type SigningKey } from '../../../sandbox/signing';
import { call, currentInvoiceRangeId, invoiceBody, pollDocument, tokenFor } from './sandbox-calls';

let sb: RunningSandbox;
let token: string;
let rangeId: string;
beforeAll(async () => {
  sb = await startSandbox({ validationDelayMs: 0, faults: true });
  token = await tokenFor(sb);
  rangeId = await currentInvoiceRangeId(sb, token);
});
afterAll(() => sb.close());

const create = (reference: string) => call(sb.baseUrl, 'POST', '/v1/invoices', { token, body: invoiceBody(rangeId, reference) });
const isFinal = (doc: any) => doc.status !== 'QUEUED';

describe('background pipeline', () => {
  it('numbers, signs and validates: full_number, 64-hex CUFE, DIAN QR URL and a PNG data URI', async () => {
    const created = await create('PIPE-1');
    expect(created.json.status).toBe('QUEUED');
    const doc = await pollDocument(sb, token, created.json.id, isFinal);
    expect(doc.status).toBe('VALIDATED');
    expect(doc.full_number).toMatch(/^SETP99\d{7}$/);
    expect(doc.cufe).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.qr_url).toContain(`documentkey=${doc.cufe}`);
    expect(doc.qr_image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(doc.errors).toEqual([]);
  });

  it('keeps the signed UBL with the number and CUFE for inspection', async () => {
    const created = await create('PIPE-UBL');
    const doc = await pollDocument(sb, token, created.json.id, isFinal);
    const ubl = await call(sb.baseUrl, 'GET', `/sandbox/documents/${doc.id}/ubl`, { token });
    expect(ubl.status).toBe(200);
    expect(ubl.headers.get('content-type')).toContain('application/xml');
    expect(ubl.text).toContain(`>${doc.full_number}<`);
    expect(ubl.text).toContain(doc.cufe);
    expect(ubl.text).toContain('<ds:SignatureValue');
  });

  it('gives concurrent invoices consecutive numbers with no gap and no reuse', async () => {
    const before = (await call(sb.baseUrl, 'GET', '/sandbox/counters', { token })).json.numbers_consumed;
    const created = await Promise.all(Array.from({ length: 15 }, (_, i) => create(`PIPE-BATCH-${i}`)));
    expect(created.every((r) => r.status === 201)).toBe(true);
    const docs = await Promise.all(created.map((r) => pollDocument(sb, token, r.json.id, isFinal)));
    const numbers = docs.map((d) => Number(String(d.full_number).slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(15);
    expect(numbers[14]! - numbers[0]!).toBe(14);
    const after = (await call(sb.baseUrl, 'GET', '/sandbox/counters', { token })).json.numbers_consumed;
    expect(after - before).toBe(15);
  });

  it('ends REJECTED with the reason for a reference in reject_references, publishing no CUFE', async () => {
    const set = await call(sb.baseUrl, 'POST', '/sandbox/faults', { token, body: { reject_references: ['PIPE-REJ'] } });
    expect(set.status).toBe(200);
    const created = await create('PIPE-REJ');
    const doc = await pollDocument(sb, token, created.json.id, isFinal);
    expect(doc.status).toBe('REJECTED');
    expect(doc.errors).toEqual([expect.stringContaining('FAD06')]);
    expect(doc.cufe).toBeNull();
    expect(doc).not.toHaveProperty('qr_image');
    const listed = await call(sb.baseUrl, 'GET', '/v1/documents?status=REJECTED', { token });
    expect(listed.json.data.map((d: { id: string }) => d.id)).toEqual([doc.id]);
  });
});

describe('validation delay', () => {
  let slow: RunningSandbox;
  afterAll(() => slow?.close());

  it('keeps a document QUEUED (numbered) until the delay after acceptance has passed', async () => {
    slow = await startSandbox({ validationDelayMs: 600_000 });
    const t = await tokenFor(slow);
    const range = await currentInvoiceRangeId(slow, t);
    const created = await call(slow.baseUrl, 'POST', '/v1/invoices', { token: t, body: invoiceBody(range, 'SLOW-1') });
    const numbered = await pollDocument(slow, t, created.json.id, (d) => d.full_number !== null);
    expect(numbered.status).toBe('QUEUED');
    expect(numbered.cufe).toBeNull();
    expect(numbered.qr_url).toBeNull();
  });
});

describe('the signed UBL is made when first asked for', () => {
  it('validates without signing, then signs once: a valid signature, the same bytes on every later ask, also after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-sandbox-ubl-'));
    const file = join(dir, 'sandbox.sqlite');
    const stored = () => {
      const db = new Database(file, { readonly: true });
      try {
        const row = db.prepare('SELECT signed_xml FROM documents').get() as { signed_xml: string | null };
        const key = db.prepare("SELECT value FROM meta WHERE key = 'xml_signing_key'").get() as { value: string } | undefined;
        return { xml: row.signed_xml, key: key ? (JSON.parse(key.value) as SigningKey) : null };
      } finally {
        db.close();
      }
    };
    let lazy = await startSandbox({ validationDelayMs: 0, db: file });
    try {
      const own = await tokenFor(lazy);
      const range = await currentInvoiceRangeId(lazy, own);
      const created = await call(lazy.baseUrl, 'POST', '/v1/invoices', { token: own, body: invoiceBody(range, 'PIPE-LAZY') });
      const doc = await pollDocument(lazy, own, created.json.id, isFinal);
      expect(doc.status).toBe('VALIDATED');
      // Validated with its CUFE and QR, and nothing signed yet: no XML, not even a signing key.
      expect(stored()).toEqual({ xml: null, key: null });

      const first = await call(lazy.baseUrl, 'GET', `/sandbox/documents/${doc.id}/ubl`, { token: own });
      expect(first.status).toBe(200);
      expect(first.text).toContain(doc.cufe);
      const kept = stored();
      expect(kept.xml).toBe(first.text);
      expect(verifyInvoiceXml(first.text, kept.key!.publicKeyPem)).toBe(true);
      await lazy.close();

      lazy = await startSandbox({ validationDelayMs: 0, db: file });
      const again = await call(lazy.baseUrl, 'GET', `/sandbox/documents/${doc.id}/ubl`, { token: await tokenFor(lazy) });
      expect(again.text).toBe(first.text);
    } finally {
      await lazy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
