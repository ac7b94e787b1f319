/**
 * The background life of an accepted invoice: number → CUFE and QR URL → transmit → DIAN verdict. The stage after
 * the CUFE keeps its old name, 'signed': the signed UBL follows from what is fixed by then and is made when first
 * asked for (document-ubl.ts). Each step is persisted on the document (`stage`), so a restarted sandbox resumes where
 * it stopped.
 */
import type { InvoiceRequest } from '../shared/api/invoice-request';
import type { DocumentTotals } from '../shared/money';
import { computeCufe, dianQrUrl } from './cufe';
import { bumpCounter, type SandboxDb } from './db';
import { findDocument, unfinishedDocumentIds, type DocumentRow } from './documents-store';
import { findRange, takeNextNumber } from './numbering-ranges';
import { qrDataUri } from './qr';
import type { SandboxSeller } from './seller';

export interface PipelineDeps {
  db: SandboxDb;
  now: () => number;
  /** DIAN's verdict arrives this long after the document was accepted. */
  validationDelayMs: number;
  /** When set, each document's delay is between validationDelayMs and this, fixed per document (from its id). */
  validationDelayMaxMs?: number;
  seller: SandboxSeller;
  /** The reject_references fault: the simulated DIAN rejects these reference codes. */
  shouldReject(referenceCode: string): boolean;
  statusChanged(row: DocumentRow): void;
  log(line: string): void;
}

export interface Pipeline {
  enqueue(documentId: string): void;
  /** Picks up every document a previous run left unfinished. */
  resume(): void;
  close(): void;
}

export const SIMULATED_REJECTION = 'Regla FAD06: rechazo simulado por el sandbox (reject_references)';

export function createPipeline(deps: PipelineDeps): Pipeline {
  const { db } = deps;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<string>();
  let closed = false;

  function schedule(id: string, delayMs: number): void {
    if (closed) return;
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        void advance(id);
      }, Math.max(0, delayMs)),
    );
  }

  function touch(sql: string, params: Record<string, unknown>): DocumentRow {
    db.prepare(`UPDATE documents SET ${sql}, updated_at = @updated_at WHERE id = @id`).run({ ...params, updated_at: deps.now() });
    return findDocument(db, params.id as string) as DocumentRow;
  }

  function finish(row: DocumentRow, status: 'VALIDATED' | 'REJECTED', errors: string[], qrImage: string | null): void {
    const done = touch("status = @status, stage = 'done', errors_json = @errors, qr_image = @qr_image", {
      id: row.id,
      status,
      errors: JSON.stringify(errors),
      qr_image: qrImage,
    });
    deps.statusChanged(done);
  }

  function number(row: DocumentRow): DocumentRow | null {
    const range = findRange(db, row.range_id);
    if (!range) throw new Error(`numbering range ${row.range_id} is missing`);
    const numbered = db.transaction(() => {
      const consecutive = takeNextNumber(db, range.id);
      if (consecutive === null) return null;
      bumpCounter(db, 'numbers_consumed');
      return touch("number = @number, full_number = @full_number, issued_at = @issued_at, stage = 'numbered'", {
        id: row.id,
        number: consecutive,
        full_number: `${range.prefix}${consecutive}`,
        issued_at: deps.now(),
      });
    })();
    if (!numbered) finish(row, 'REJECTED', [`Rango de numeración ${range.prefix} agotado`], null);
    return numbered;
  }

  /** Fixes what the signed UBL will say: the CUFE from the key fields and the QR URL (document-ubl.ts signs it when asked). */
  function seal(row: DocumentRow): DocumentRow {
    if (row.full_number === null || row.issued_at === null) throw new Error(`document ${row.id} is not numbered`);
    const request = JSON.parse(row.request_json) as InvoiceRequest;
    const totals = JSON.parse(row.totals_json) as DocumentTotals;
    // DIAN order: the CUFE comes from the key fields, the UBL carries CUFE and QR URL, the signature covers it all.
    const cufe = computeCufe({
      fullNumber: row.full_number,
      issuedAt: new Date(row.issued_at),
      totals,
      sellerNit: deps.seller.nit,
      buyerId: request.customer.identification,
      technicalKey: deps.seller.technicalKey,
      environment: '2',
    });
    return touch("cufe = @cufe, qr_url = @qr_url, stage = 'signed'", { id: row.id, cufe, qr_url: dianQrUrl(cufe) });
  }

  async function decide(row: DocumentRow): Promise<void> {
    const due = row.created_at + validationDelayOf(row.id, deps);
    const wait = due - deps.now();
    if (wait > 0) {
      schedule(row.id, wait);
      return;
    }
    if (deps.shouldReject(row.reference_code)) {
      finish(row, 'REJECTED', [SIMULATED_REJECTION], null);
      return;
    }
    const image = await qrDataUri(row.qr_url as string);
    if (closed) return;
    finish(row, 'VALIDATED', [], image);
  }

  async function advance(id: string): Promise<void> {
    if (closed || running.has(id)) return;
    running.add(id);
    try {
      let row = findDocument(db, id);
      if (!row || row.stage === 'done') return;
      if (row.stage === 'accepted') row = number(row);
      if (row?.stage === 'numbered') row = seal(row);
      // Transmission to the simulated DIAN always succeeds; its verdict comes after the validation delay.
      if (row?.stage === 'signed') row = touch("stage = 'transmitted'", { id });
      if (row?.stage === 'transmitted') await decide(row);
    } catch (err) {
      if (closed) return;
      // A bug in a step must not leave the document QUEUED forever: it ends REJECTED with the reason.
      deps.log(`pipeline: document ${id} failed: ${(err as Error).message}`);
      const row = findDocument(db, id);
      if (row && row.stage !== 'done') finish(row, 'REJECTED', [`Error interno del sandbox: ${(err as Error).message}`], null);
    } finally {
      running.delete(id);
    }
  }

  return {
    enqueue: (id) => schedule(id, 0),
    resume() {
      for (const id of unfinishedDocumentIds(db)) schedule(id, 0);
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** A document's own delay: uniform over the range, the same on every call and after a restart (derived from its id). */
export function validationDelayOf(id: string, deps: Pick<PipelineDeps, 'validationDelayMs' | 'validationDelayMaxMs'>): number {
  const max = deps.validationDelayMaxMs;
  if (max === undefined || max <= deps.validationDelayMs) return deps.validationDelayMs;
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619) >>> 0;
  return deps.validationDelayMs + Math.floor((hash / 2 ** 32) * (max - deps.validationDelayMs + 1));
}
