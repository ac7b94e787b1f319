/** Document rows: storage, lookups and the wire shape the API returns. */
import type { SandboxDb } from './db';

export type DocumentStatus = 'QUEUED' | 'VALIDATED' | 'REJECTED';
/** Where the background pipeline left a document; persisted so it resumes after a restart. */
export type PipelineStage = 'accepted' | 'numbered' | 'signed' | 'transmitted' | 'done';

export interface DocumentRow {
  seq: number;
  id: string;
  client_id: string;
  reference_code: string;
  range_id: string;
  request_json: string;
  totals_json: string;
  status: DocumentStatus;
  stage: PipelineStage;
  number: number | null;
  full_number: string | null;
  issued_at: number | null;
  cufe: string | null;
  qr_url: string | null;
  qr_image: string | null;
  errors_json: string;
  signed_xml: string | null;
  created_at: number;
  updated_at: number;
}

export const DOCUMENT_STATUSES: readonly DocumentStatus[] = ['QUEUED', 'VALIDATED', 'REJECTED'];

/** DIAN code for "factura electrónica de venta". */
const INVOICE_TYPE_CODE = '01';

export function documentToWire(row: DocumentRow): Record<string, unknown> {
  const validated = row.status === 'VALIDATED';
  const wire: Record<string, unknown> = {
    id: row.id,
    type: INVOICE_TYPE_CODE,
    reference_code: row.reference_code,
    full_number: row.full_number,
    status: row.status,
    // The CUFE is computed before signing but only published once the tax authority validated it.
    cufe: validated ? row.cufe : null,
    qr_url: validated ? row.qr_url : null,
  };
  if (validated && row.qr_image) wire.qr_image = row.qr_image;
  wire.errors = JSON.parse(row.errors_json) as unknown[];
  wire.created_at = new Date(row.created_at).toISOString();
  wire.updated_at = new Date(row.updated_at).toISOString();
  return wire;
}

export interface NewDocument {
  id: string;
  client_id: string;
  reference_code: string;
  range_id: string;
  request_json: string;
  totals_json: string;
  created_at: number;
}

export function insertDocument(db: SandboxDb, doc: NewDocument): void {
  db.prepare(`INSERT INTO documents (id, client_id, reference_code, range_id, request_json, totals_json, status, stage, created_at, updated_at)
    VALUES (@id, @client_id, @reference_code, @range_id, @request_json, @totals_json, 'QUEUED', 'accepted', @created_at, @created_at)`).run(doc);
}

export function findDocument(db: SandboxDb, id: string): DocumentRow | null {
  return (db.prepare('SELECT * FROM documents WHERE id = ?').get(id) as DocumentRow | undefined) ?? null;
}

export function findByReference(db: SandboxDb, clientId: string, referenceCode: string): DocumentRow | null {
  return (
    (db.prepare('SELECT * FROM documents WHERE client_id = ? AND reference_code = ?').get(clientId, referenceCode) as DocumentRow | undefined) ?? null
  );
}

export interface DocumentQuery {
  clientId: string;
  page: number;
  perPage: number;
  referenceCode?: string;
  status?: DocumentStatus;
}

export function listDocuments(db: SandboxDb, q: DocumentQuery): { rows: DocumentRow[]; total: number } {
  const where = ['client_id = @clientId'];
  if (q.referenceCode !== undefined) where.push('reference_code = @referenceCode');
  if (q.status !== undefined) where.push('status = @status');
  const params = { clientId: q.clientId, referenceCode: q.referenceCode ?? null, status: q.status ?? null };
  const clause = where.join(' AND ');
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM documents WHERE ${clause}`).get(params) as { n: number }).n;
  const rows = db
    .prepare(`SELECT * FROM documents WHERE ${clause} ORDER BY seq DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: q.perPage, offset: (q.page - 1) * q.perPage }) as DocumentRow[];
  return { rows, total };
}

export function unfinishedDocumentIds(db: SandboxDb): string[] {
  return (db.prepare("SELECT id FROM documents WHERE stage != 'done' ORDER BY seq").all() as Array<{ id: string }>).map((r) => r.id);
}
