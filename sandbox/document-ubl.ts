/**
 * A document's signed UBL, made the first time someone asks for it (`GET /sandbox/documents/{id}/ubl`) and kept.
 * The pipeline fixes everything the UBL says (number, issue time, CUFE, QR URL) as it goes; the XML and its
 * XML-DSig signature follow from those facts alone, so making them later gives the same bytes. Made eagerly they cost
 * some 3 MB of short-lived objects per invoice (xml-crypto's DOM and XPath), inside the till's own process when the
 * sandbox runs as its demo service, for an artefact only a person inspecting the sandbox ever reads.
 */
import type { InvoiceRequest } from '../shared/api/invoice-request';
import type { DocumentTotals } from '../shared/money';
import { metaOrCreate, type SandboxDb } from './db';
import type { DocumentRow } from './documents-store';
import { findRange } from './numbering-ranges';
import type { SandboxSeller } from './seller';
import { createSigningKey, signInvoiceXml, type SigningKey } from './signing';
import { buildInvoiceUbl } from './ubl';

/** The signed UBL of a document, or null while its CUFE is not fixed yet. */
export type SignedUbl = (row: DocumentRow) => string | null;

export function createUblSigner(db: SandboxDb, seller: SandboxSeller): SignedUbl {
  let signingKey: SigningKey | null = null;
  // Generated once (RSA is slow) and persisted, so every document of a database is signed by the same key.
  const key = (): SigningKey => {
    signingKey ??= JSON.parse(metaOrCreate(db, 'xml_signing_key', () => JSON.stringify(createSigningKey()))) as SigningKey;
    return signingKey;
  };
  return (row) => {
    if (row.signed_xml !== null) return row.signed_xml;
    if (row.cufe === null || row.qr_url === null || row.full_number === null || row.issued_at === null) return null;
    const range = findRange(db, row.range_id);
    if (!range) throw new Error(`numbering range ${row.range_id} is missing`);
    const ubl = buildInvoiceUbl({
      request: JSON.parse(row.request_json) as InvoiceRequest,
      totals: JSON.parse(row.totals_json) as DocumentTotals,
      fullNumber: row.full_number,
      issuedAt: new Date(row.issued_at),
      range: {
        prefix: range.prefix,
        resolution: range.resolution,
        resolutionDate: range.resolution_date,
        from: range.from_number,
        to: range.to_number,
        startDate: range.start_date,
        endDate: range.end_date,
      },
      seller,
      cufe: row.cufe,
      qrUrl: row.qr_url,
    });
    const signed = signInvoiceXml(ubl, key());
    db.prepare('UPDATE documents SET signed_xml = ? WHERE id = ? AND signed_xml IS NULL').run(signed, row.id);
    return signed;
  };
}
