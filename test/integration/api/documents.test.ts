import { afterEach, describe, expect, it } from 'vitest';
import { classifyStatus, isCufe, type RemoteDocument } from '../../../shared/api/document';
import type { RunningSandbox } from '../../../sandbox/server';
import type { InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { resolveNumberingRange } from '../../../common/invoicing/range-selection';
import { clientFor, controlSandbox, invoiceBody, startTestSandbox } from './sandbox-control';

let sandbox: RunningSandbox | null = null;
let api: InvoicingApi | null = null;

afterEach(async () => {
  await api?.close();
  await sandbox?.close();
  api = null;
  sandbox = null;
});

async function untilSettled(client: InvoicingApi, id: string): Promise<RemoteDocument> {
  let doc = await client.getDocument(id);
  for (let poll = 0; poll < 100 && classifyStatus(doc.status) === 'pending'; poll++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    doc = await client.getDocument(id);
  }
  return doc;
}

describe('documents against the real sandbox', () => {
  it('creates an invoice, a repeat with the same reference returns it, and polling sees it validated', async () => {
    sandbox = await startTestSandbox();
    const control = await controlSandbox(sandbox);
    api = clientFor(sandbox);
    const resolved = await resolveNumberingRange({ api, now: Date.now });
    expect(resolved).toMatchObject({ ok: true, range: { document_type: 'INVOICE', validity: 'current' } });
    if (!resolved.ok) return;

    const body = invoiceBody('VENTA-0001', resolved.range.id);
    const created = await api.createInvoice(body);
    expect(created).toMatchObject({ reference_code: 'VENTA-0001', status: 'QUEUED', type: '01', full_number: null, cufe: null });
    const repeated = await api.createInvoice(body);
    expect(repeated.id).toBe(created.id);
    expect((await control.counters()).documents).toBe(1);

    const validated = await untilSettled(api, created.id);
    expect(validated.status).toBe('VALIDATED');
    expect(isCufe(validated.cufe)).toBe(true);
    expect(validated.full_number).toMatch(/^SETP\d+$/);
    expect(validated.qr_image).toMatch(/^data:image\/png;base64,/);
  });

  it('lists documents with paging and a status filter', async () => {
    sandbox = await startTestSandbox();
    api = clientFor(sandbox);
    const resolved = await resolveNumberingRange({ api, now: Date.now });
    if (!resolved.ok) throw new Error(resolved.message);
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) ids.push((await api.createInvoice(invoiceBody(`VENTA-L${i}`, resolved.range.id))).id);

    const firstPage = await api.listDocuments({ page: 1, perPage: 2 });
    expect(firstPage.documents).toHaveLength(2);
    expect(firstPage.page).toMatchObject({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    const secondPage = await api.listDocuments({ page: 2, perPage: 2 });
    const listed = [...firstPage.documents, ...secondPage.documents].map((d) => d.id);
    expect(new Set(listed)).toEqual(new Set(ids));

    for (const id of ids) await untilSettled(api, id);
    const validated = await api.listDocuments({ status: 'VALIDATED' });
    expect(validated.documents.map((d) => d.status)).toEqual(['VALIDATED', 'VALIDATED', 'VALIDATED']);
    expect((await api.listDocuments({ status: 'QUEUED' })).documents).toEqual([]);
  });
});
