import { readCollection } from './collections';
import { isRecord, pick, readCount, readText, type JsonObject } from './loose-json';

export type RangeValidity = 'current' | 'not-current' | 'unknown';

export interface NumberingRange {
  id: string;
  /** Upper case, e.g. "INVOICE" or "CREDIT_NOTE"; "" when the service did not say. */
  document_type: string;
  prefix: string | null;
  from: number | null;
  to: number | null;
  resolution: string | null;
  validity: RangeValidity;
  raw: Record<string, unknown>;
}

export type RangeChoice =
  | { kind: 'chosen'; range: NumberingRange }
  | { kind: 'needs-choice'; candidates: NumberingRange[] }
  | { kind: 'none'; reason: string };

// The spec does not name the validity field; these are the spellings seen in the field (DOMAIN.md).
// Only booleans count: one provider sends `current` as a number (the next consecutive), which says nothing about validity.
const CURRENT_FLAGS = ['is_active', 'active', 'is_current', 'current', 'valid', 'is_valid', 'enabled', 'is_enabled'];
const EXPIRED_FLAGS = ['is_expired', 'expired'];
const DATE_WINDOWS: ReadonlyArray<readonly [string, string]> = [
  ['start_date', 'end_date'],
  ['valid_from', 'valid_to'],
  ['from_date', 'to_date'],
];
const CURRENT_WORDS = new Set(['ACTIVE', 'CURRENT', 'VALID', 'ENABLED']);
const NOT_CURRENT_WORDS = new Set(['INACTIVE', 'EXPIRED', 'DISABLED', 'EXHAUSTED', 'VOID', 'CANCELLED']);

/** Colombia keeps UTC−5 all year; resolution dates without a zone are Colombian dates. */
const COLOMBIA_OFFSET = '-05:00';
const DAY_MS = 86_400_000;

/** Reads the numbering ranges from any collection shape; entries without an id are skipped (they cannot be used). */
export function readNumberingRanges(body: unknown, now: Date): NumberingRange[] {
  const ranges: NumberingRange[] = [];
  for (const entry of readCollection(body).items) {
    if (!isRecord(entry)) continue;
    const id = pick(entry, ['id'], readText);
    if (id === null) continue;
    ranges.push({
      id,
      document_type: documentTypeOf(entry),
      prefix: typeof entry.prefix === 'string' ? entry.prefix : null,
      from: readCount(entry.from),
      to: readCount(entry.to),
      resolution: pick(entry, ['resolution', 'resolution_number'], readText),
      validity: validityOf(entry, now.getTime()),
      raw: entry,
    });
  }
  return ranges;
}

function documentTypeOf(entry: JsonObject): string {
  const raw = Object.hasOwn(entry, 'document_type') ? entry.document_type : entry.type ?? entry.documentType;
  return typeof raw === 'string' ? raw.trim().toUpperCase() : '';
}

/** Validity from clear evidence only: every piece found must agree, otherwise (or with none) it is unknown. */
function validityOf(entry: JsonObject, nowMs: number): RangeValidity {
  const votes = new Set<RangeValidity>();
  for (const key of CURRENT_FLAGS) {
    const flag = entry[key] ?? entry[camel(key)];
    if (typeof flag === 'boolean') votes.add(flag ? 'current' : 'not-current');
  }
  for (const key of EXPIRED_FLAGS) {
    const flag = entry[key] ?? entry[camel(key)];
    if (typeof flag === 'boolean') votes.add(flag ? 'not-current' : 'current');
  }
  for (const [startKey, endKey] of DATE_WINDOWS) {
    const vote = windowVote(entry[startKey] ?? entry[camel(startKey)], entry[endKey] ?? entry[camel(endKey)], nowMs);
    if (vote !== null) votes.add(vote);
  }
  if (typeof entry.status === 'string') {
    const word = entry.status.trim().toUpperCase();
    if (CURRENT_WORDS.has(word)) votes.add('current');
    if (NOT_CURRENT_WORDS.has(word)) votes.add('not-current');
  }
  if (votes.size !== 1) return 'unknown';
  return [...votes][0] ?? 'unknown';
}

/** Both ends are needed to say "current"; either end alone can show the window is over or not yet open. */
function windowVote(startValue: unknown, endValue: unknown, nowMs: number): RangeValidity | null {
  const start = parseInstant(startValue, 'start');
  const end = parseInstant(endValue, 'end');
  if (start !== null && nowMs < start) return 'not-current';
  if (end !== null && nowMs > end) return 'not-current';
  if (start !== null && end !== null) return 'current';
  return null;
}

/** A date-only end means the whole of that day (inclusive); unparseable values are no evidence. */
function parseInstant(value: unknown, edge: 'start' | 'end'): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const dayStart = Date.parse(`${text}T00:00:00${COLOMBIA_OFFSET}`);
    if (Number.isNaN(dayStart)) return null;
    return edge === 'start' ? dayStart : dayStart + DAY_MS - 1;
  }
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/.test(text)) {
    const ms = Date.parse(`${text.replace(' ', 'T')}${COLOMBIA_OFFSET}`);
    return Number.isNaN(ms) ? null : ms;
  }
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Picks the invoice range to use. A preferred range (chosen in Settings) wins while it is an INVOICE range that is
 * not clearly over; otherwise only a single clearly current INVOICE range is picked automatically.
 */
export function chooseInvoiceRange(ranges: NumberingRange[], preferredId?: string | null): RangeChoice {
  const invoiceRanges = ranges.filter((range) => range.document_type === 'INVOICE');
  if (invoiceRanges.length === 0) {
    return {
      kind: 'none',
      reason:
        ranges.length === 0
          ? 'The invoicing service has no numbering ranges for this account.'
          : 'None of the numbering ranges from the invoicing service is for invoices.',
    };
  }
  const usable = invoiceRanges.filter((range) => range.validity !== 'not-current');
  const preferred = usable.find((range) => preferredId != null && range.id === preferredId);
  if (preferred) return { kind: 'chosen', range: preferred };
  if (usable.length === 0) {
    return { kind: 'none', reason: 'Every invoice numbering range has expired or is inactive. Ask for a new resolution from the DIAN.' };
  }
  const current = usable.filter((range) => range.validity === 'current');
  if (current.length === 1 && current[0]) return { kind: 'chosen', range: current[0] };
  return { kind: 'needs-choice', candidates: usable };
}
