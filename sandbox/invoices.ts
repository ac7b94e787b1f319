/** The invoice and document endpoints: creation (validated, idempotent) and retrieval. */
import { randomUUID } from 'node:crypto';
import { validateInvoiceRequest } from '../shared/api/invoice-request';
import { calculateTotals } from '../shared/money';
import { bumpCounter, type SandboxDb } from './db';
import {
  DOCUMENT_STATUSES,
  documentToWire,
  findByReference,
  findDocument,
  insertDocument,
  listDocuments,
  type DocumentRow,
  type DocumentStatus,
} from './documents-store';
import { failure, json, type Reply } from './http-io';
import { findRange, isCurrent } from './numbering-ranges';

export interface InvoiceDeps {
  db: SandboxDb;
  now: () => number;
  /** Hands an accepted document to the background pipeline. */
  enqueue(documentId: string): void;
  /** Called after every committed change of a document's status (including its creation as QUEUED). */
  statusChanged(row: DocumentRow): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createInvoice(deps: InvoiceDeps, clientId: string, body: unknown): Reply {
  const checked = validateInvoiceRequest(body);
  if (!checked.ok) return failure(400, 'VALIDATION', 'the invoice request is not valid', checked.problems);
  const request = checked.value;

  // Idempotency comes before the range check: a retry must find its invoice even if the range expired meanwhile.
  const existing = findByReference(deps.db, clientId, request.reference_code);
  if (existing) return json(200, documentToWire(existing));

  const range = findRange(deps.db, request.numbering_range_id);
  const now = deps.now();
  if (!range || range.document_type !== 'INVOICE' || !isCurrent(range, now)) {
    const why = !range ? 'does not exist' : range.document_type !== 'INVOICE' ? 'is not an INVOICE range' : 'is not current';
    const message = `numbering_range_id ${why}`;
    return failure(400, 'VALIDATION', message, [{ field: 'numbering_range_id', message }]);
  }

  const totals = calculateTotals(
    request.items.map((item) => ({ quantity: item.quantity, price: item.price, discount_rate: item.discount_rate, taxes: item.taxes })),
  );
  const id = randomUUID();
  const row = deps.db.transaction(() => {
    insertDocument(deps.db, {
      id,
      client_id: clientId,
      reference_code: request.reference_code,
      range_id: range.id,
      request_json: JSON.stringify(request),
      totals_json: JSON.stringify(totals),
      created_at: now,
    });
    bumpCounter(deps.db, 'documents');
    return findDocument(deps.db, id) as DocumentRow;
  })();
  deps.statusChanged(row);
  deps.enqueue(id);
  return json(201, documentToWire(row));
}

export function getDocument(db: SandboxDb, clientId: string, id: string): Reply {
  if (!UUID.test(id)) {
    return failure(400, 'VALIDATION', 'id must be a UUID', [{ field: 'id', message: 'id must be a UUID' }]);
  }
  const row = findDocument(db, id);
  // Another client's document is reported exactly like a missing one, so ids cannot be probed.
  if (!row || row.client_id !== clientId) return failure(404, 'NOT_FOUND', `document ${id} not found`);
  return json(200, documentToWire(row));
}

const POSITIVE_INT = /^[1-9][0-9]{0,8}$/;
const MAX_PER_PAGE = 100;

export function listClientDocuments(db: SandboxDb, clientId: string, query: URLSearchParams): Reply {
  const problems: Array<{ field: string; message: string }> = [];
  const pageText = query.get('page') ?? '1';
  const perPageText = query.get('per_page') ?? '20';
  if (!POSITIVE_INT.test(pageText)) problems.push({ field: 'page', message: 'page must be a positive integer' });
  if (!POSITIVE_INT.test(perPageText) || Number(perPageText) > MAX_PER_PAGE) {
    problems.push({ field: 'per_page', message: `per_page must be an integer from 1 to ${MAX_PER_PAGE}` });
  }
  const referenceCode = query.get('reference_code') ?? undefined;
  if (referenceCode === '') problems.push({ field: 'reference_code', message: 'reference_code must not be empty' });
  const statusText = query.get('status') ?? undefined;
  if (statusText !== undefined && !DOCUMENT_STATUSES.includes(statusText as DocumentStatus)) {
    problems.push({ field: 'status', message: `status must be one of ${DOCUMENT_STATUSES.join(', ')}` });
  }
  if (problems.length > 0) return failure(400, 'VALIDATION', 'invalid query parameters', problems);

  const page = Number(pageText);
  const perPage = Number(perPageText);
  const { rows, total } = listDocuments(db, {
    clientId,
    page,
    perPage,
    ...(referenceCode !== undefined ? { referenceCode } : {}),
    ...(statusText !== undefined ? { status: statusText as DocumentStatus } : {}),
  });
  return json(200, {
    data: rows.map(documentToWire),
    pagination: { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) },
  });
}
