import { ContractError, describeProblems } from './errors';
import { isRecord, pick, readText, type JsonObject } from './loose-json';

/** A document as the service reports it. Only `id` and `status` are certain; the rest is null until known. */
export interface RemoteDocument {
  id: string;
  /** A DIAN code such as "01", not the word INVOICE. */
  type: string | null;
  reference_code: string | null;
  full_number: string | null;
  /** Exactly as the service sent it, even when we do not know the value. */
  status: string;
  cufe: string | null;
  qr_url: string | null;
  /** A data URI, ready to embed in a printed receipt. */
  qr_image: string | null;
  /** Rejection details, as human sentences. */
  errors: string[];
  /** The whole object, so fields we do not model are never lost. */
  raw: Record<string, unknown>;
}

export type StatusClass = 'pending' | 'validated' | 'rejected' | 'unknown';

const PENDING = new Set(['QUEUED', 'PENDING', 'PROCESSING', 'SENT', 'SIGNED', 'NUMBERED']);
const REJECTED = new Set(['REJECTED', 'ERROR', 'FAILED', 'INVALID', 'CANCELLED']);

/** Only VALIDATED counts as validated: a sale is fiscal only once the tax authority said so. */
export function classifyStatus(status: string): StatusClass {
  const word = status.trim().toUpperCase();
  if (word === 'VALIDATED') return 'validated';
  if (PENDING.has(word)) return 'pending';
  if (REJECTED.has(word)) return 'rejected';
  return 'unknown';
}

/** The spec says 64 hex characters; the DIAN standard CUFE is SHA-384, 96 hex characters. Both are accepted. */
export function isCufe(value: unknown): boolean {
  return typeof value === 'string' && /^(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/.test(value);
}

/**
 * Reads a document from a create or retrieve answer, bare or wrapped in `{data: {...}}`.
 * Throws ContractError only when there is no `id` or no `status`, since without them nothing can be tracked.
 */
export function readDocument(body: unknown): RemoteDocument {
  const doc = unwrap(body);
  if (doc === null) throw new ContractError('expected a document object from the invoicing service');
  const id = pick(doc, ['id'], readText);
  if (id === null) throw new ContractError('the document from the invoicing service has no id');
  const status = pick(doc, ['status'], readStatus);
  if (status === null) throw new ContractError(`the document ${id} from the invoicing service has no status`);
  return {
    id,
    type: pick(doc, ['type', 'document_type'], readText),
    reference_code: pick(doc, ['reference_code'], readText),
    full_number: pick(doc, ['full_number'], readText),
    status,
    cufe: pick(doc, ['cufe'], readText),
    qr_url: pick(doc, ['qr_url', 'qr'], readUrl),
    qr_image: pick(doc, ['qr_image'], readImage),
    errors: describeProblems(doc.errors),
    raw: doc,
  };
}

function unwrap(body: unknown): JsonObject | null {
  let current = body;
  // Bounded: a few levels of `{data: ...}` at most.
  for (let depth = 0; depth < 3 && isRecord(current); depth++) {
    if (Object.hasOwn(current, 'id') || !isRecord(current.data)) return current;
    current = current.data;
  }
  return isRecord(current) ? current : null;
}

function readStatus(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function readUrl(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;
}

/** A data URI as sent; a bare base64 PNG (it starts with "iVBOR") gets its prefix so it can be embedded. */
function readImage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^data:image\//i.test(text)) return text;
  if (text.startsWith('iVBOR') && /^[A-Za-z0-9+/=\s]+$/.test(text)) return `data:image/png;base64,${text.replace(/\s/g, '')}`;
  return null;
}
