/**
 * Asks the service whether it holds a document for a reference code, before a sale that may have reached it is
 * voided. The spec shows no query parameters, so the `reference_code` filter is only a hint: every listed document
 * is matched by its own `reference_code`, and "absent" is said only after the whole (filtered or not) list was read.
 */
import type { RemoteDocument } from '../../../shared/api/document';
import type { SyncApi } from './ports';

export type ReferenceLookup =
  | { kind: 'found'; document: RemoteDocument }
  | { kind: 'absent' }
  /** The list could not be read to its end (too long, or an entry we cannot read might be this one). */
  | { kind: 'unknown'; why: string };

export async function findByReference(
  api: Pick<SyncApi, 'listDocuments'>, referenceCode: string, opts: { perPage?: number; maxPages?: number } = {},
): Promise<ReferenceLookup> {
  const perPage = opts.perPage ?? 100;
  const maxPages = opts.maxPages ?? 20;
  for (let page = 1; page <= maxPages; page++) {
    const result = await api.listDocuments({ referenceCode, page, perPage });
    const mine = result.documents.find((d) => d.reference_code === referenceCode);
    if (mine) return { kind: 'found', document: mine };
    if ((result.skipped ?? 0) > 0) return { kind: 'unknown', why: 'the service listed documents this app cannot read' };
    // A document that does not say its reference could be this one.
    if (result.documents.some((d) => d.reference_code === null)) return { kind: 'unknown', why: 'the service listed documents without a reference' };
    if (result.documents.length === 0 || result.page === null) return { kind: 'absent' };
    const totalPages = result.page.total_pages;
    if (totalPages !== undefined && page >= totalPages) return { kind: 'absent' };
  }
  return { kind: 'unknown', why: `the service's list is longer than ${maxPages} pages` };
}
