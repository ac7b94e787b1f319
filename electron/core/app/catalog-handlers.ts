/**
 * The owner's catalog: products created, edited, deactivated and searched; CSV import and export. The import's preview
 * and commit run on a worker thread with their own connection (catalog-import-worker.ts), reporting progress as a job.
 */
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { AppContext } from './app-context';
import { exportCatalogCsv } from './catalog-export';
import { checkCatalogImport, type CatalogFileFacts } from './catalog-import';
import type { CatalogImportPreviewDto } from '../../../shared/bridge/types';
import type { CsvSource } from '../../../common/csv/csv-file';
import { LIMITS } from '../../../shared/limits';
import { catalogRecordOf, shelfMissMessage } from './catalog-records';
import { inImportWorker, runImportWorker, sourceImportWorker, type ImportWorkerInput } from './catalog-import-runner';

type CatalogMethods =
  | 'catalog.list' | 'catalog.get' | 'catalog.save' | 'catalog.setActive' | 'catalog.importPreview' | 'catalog.importCommit'
  | 'catalog.export' | 'catalog.quickKeys';

/** Previews whose first pass an import may reuse, by upload (uploads themselves are few: upload-store.ts). */
const FACTS_KEPT = 8;

/** An inline file up to this size is read on the core's thread (see workerDbPath). */
const SMALL_INLINE_BYTES = 64 * 1024;

/** How many rows an import refusal names in its message (the preview lists them all). */
const ERRORS_IN_MESSAGE = 5;

/** A file with errors: thrown inside the import's transaction so that nothing of it stays. */
class ImportRefused extends Error {
  constructor(readonly check: CatalogImportPreviewDto) {
    super('the file has errors');
  }
}

/** The refusal of a file with errors, naming the first rows. */
function refusal(check: CatalogImportPreviewDto): BridgeFailure {
  const { errors, errorCount } = check;
  const named = errors.slice(0, ERRORS_IN_MESSAGE).map((e) => `row ${e.row}, ${e.column || 'file'}: ${e.message}`).join('; ');
  const more = errorCount > ERRORS_IN_MESSAGE ? ` (and ${errorCount - ERRORS_IN_MESSAGE} more)` : '';
  return new BridgeFailure('INVALID_INPUT', `Nothing was imported: ${named}${more}.`, { file: `${errorCount} rows have errors` });
}

function emptyPreview(): CatalogImportPreviewDto {
  return { rows: 0, creates: 0, updates: 0, errors: [], errorCount: 0, warnings: [], warningCount: 0, sample: [], delimiter: ';', decimalMark: ',' };
}

export function catalogHandlers(ctx: Pick<AppContext, 'store' | 'now' | 'uploads' | 'jobs' | 'importWorker' | 'writeGate'> & { log?: AppContext['log'] }): Pick<BridgeHandlers, CatalogMethods> {
  const { store } = ctx;
  /**
   * The data file a worker opens beside this connection; null when the work stays on this thread: an in-memory store
   * (some tests), or a small inline file (the screens upload every file; a few kB read here take a few ms, less than
   * a worker's start).
   */
  const workerDbPath = (source: CsvSource): string | null => {
    if (source instanceof Uint8Array && source.length <= SMALL_INLINE_BYTES) return null;
    const db = store.database();
    return db.memory ? null : db.name;
  };
  const workerEntry = () => ctx.importWorker ?? sourceImportWorker();
  /** An inline file's bytes are copied to the worker; an upload is read there from its file. */
  const workerSource = (source: CsvSource): ImportWorkerInput['source'] =>
    source instanceof Uint8Array ? { bytes: new Uint8Array(source) } : { path: source.path };
  /**
   * What each upload's preview learned in its first pass (columns, rows, decimal mark, digest): the import then
   * reads the file once, checking and writing each row, and refuses it if its bytes are not the ones previewed.
   */
  const previewed = new Map<string, CatalogFileFacts>();
  const remember = (token: string, facts: CatalogFileFacts) => {
    previewed.delete(token);
    previewed.set(token, facts);
    for (const old of previewed.keys()) if (previewed.size > FACTS_KEPT) previewed.delete(old);
  };
  /** An upload is read from its file on disk, a chunk at a time; an inline file is already in memory. */
  const sourceOf = (input: { file?: string | undefined; upload?: string | undefined }): CsvSource => {
    if (input.upload === undefined) return Buffer.from(input.file ?? '', 'base64');
    const path = ctx.uploads?.path(input.upload) ?? null;
    if (path === null) throw invalidField('upload', 'the file is no longer here (it is kept for an hour); choose it again');
    return { path };
  };
  return {
    'catalog.list': async ({ text, includeInactive, limit, offset }) =>
      store.listCatalog({ text, includeInactive: includeInactive ?? false, limit, offset: offset ?? 0 }),
    'catalog.get': async ({ code }) => store.getCatalogProduct(code),
    'catalog.quickKeys': async () => store.quickKeys(LIMITS.maxQuickKeys),

    'catalog.save': async ({ product, mode }) => {
      const exists = store.getCatalogProduct(product.code) !== null;
      if (mode === 'create' && exists) throw invalidField('product.code', `product ${product.code} already exists`);
      if (mode === 'update' && !exists) throw new BridgeFailure('NOT_FOUND', `There is no product ${product.code}.`);
      let record;
      try {
        record = catalogRecordOf(product);
      } catch (error) {
        if (error instanceof RangeError) throw invalidField('product.price', error.message);
        throw error;
      }
      // Said at entry: the owner sees the difference and accepts it, or changes the shelf price.
      if (record.shelf && !record.shelf.exact && product.acceptDifference !== true) {
        throw invalidField('product.price', shelfMissMessage(record.product.shelfPrice ?? '', record.shelf));
      }
      const owners = store.barcodeOwners(record.product.barcodes);
      for (const [barcode, owner] of owners) {
        if (owner !== product.code) throw invalidField('product.barcodes', `barcode ${barcode} already belongs to product ${owner}`);
      }
      store.saveCatalogProducts([record.product]);
      const saved = store.getCatalogProduct(product.code);
      if (!saved) throw new BridgeFailure('INTERNAL', 'The product was saved but could not be read back.');
      return saved;
    },

    'catalog.setActive': async ({ code, active }) => {
      const saved = store.setProductActive(code, active);
      if (!saved) throw new BridgeFailure('NOT_FOUND', `There is no product ${code}.`);
      return saved;
    },

    'catalog.importPreview': async (input) => {
      const { upload } = input;
      const source = sourceOf(input);
      const onFacts = upload === undefined ? undefined : (facts: CatalogFileFacts) => remember(upload, facts);
      const dbPath = workerDbPath(source);
      if (dbPath === null) return checkCatalogImport(source, store, onFacts ? { onFacts } : {});
      const job = ctx.jobs?.start({ id: input.job, kind: 'catalog.preview', phase: 'reading', unit: 'bytes', total: null, cancellable: true });
      const answer = await inImportWorker(job, () => runImportWorker(workerEntry(), { mode: 'preview', dbPath, source: workerSource(source), at: ctx.now() }, { job, onFacts }));
      if (answer.type === 'cancelled') {
        job?.cancelled();
        return { ...emptyPreview(), cancelled: true };
      }
      if (answer.type !== 'preview') throw new BridgeFailure('INTERNAL', `The preview ended unexpectedly (${answer.type}).`);
      job?.finish();
      return answer.preview;
    },

    'catalog.importCommit': async (input) => {
      const source = sourceOf(input);
      const facts = input.upload === undefined ? undefined : previewed.get(input.upload);
      const dbPath = workerDbPath(source);
      const forget = () => {
        if (input.upload === undefined) return;
        ctx.uploads?.discard(input.upload);
        previewed.delete(input.upload);
      };
      if (dbPath === null) {
        // On this thread (see workerDbPath): one transaction, all or nothing, as before.
        let saved;
        try {
          saved = store.importCatalogProducts((add) => {
            const check = checkCatalogImport(source, store, facts ? { onProduct: add, facts } : { onProduct: add });
            if (check.errorCount > 0) throw new ImportRefused(check);
          });
        } catch (error) {
          if (!(error instanceof ImportRefused)) throw error;
          throw refusal(error.check);
        }
        forget();
        return { created: saved.created, updated: saved.updated, outcome: 'imported', saved: saved.created + saved.updated, rows: saved.created + saved.updated };
      }
      const job = ctx.jobs?.start({ id: input.job, kind: 'catalog.import', phase: 'checking', unit: 'rows', total: facts?.rows ?? null, cancellable: true });
      const answer = await inImportWorker(job, () => runImportWorker(workerEntry(), { mode: 'commit', dbPath, source: workerSource(source), facts, at: ctx.now(), gate: ctx.writeGate?.buffer }, { job, coreDb: store.database() }));
      switch (answer.type) {
        case 'refused':
          job?.failed('the file has errors');
          throw refusal(answer.check);
        case 'imported':
          job?.finish();
          ctx.log?.(`catalog import: ${answer.saved} products in ${answer.lockMs.count} transactions; the longest held the write lock ${answer.lockMs.longest.toFixed(1)} ms, all of them ${answer.lockMs.total.toFixed(0)} ms`);
          forget();
          return { created: answer.created, updated: answer.updated, outcome: 'imported', saved: answer.saved, rows: answer.rows };
        case 'cancelled':
          // The file stays: importing it again finishes the work (updates by code).
          job?.cancelled();
          return { created: answer.created, updated: answer.updated, outcome: 'cancelled', saved: answer.saved, rows: answer.rows };
        case 'stopped':
          job?.failed(answer.message);
          return { created: answer.created, updated: answer.updated, outcome: 'stopped', saved: answer.saved, rows: answer.rows, message: answer.message };
        default:
          job?.failed('unexpected answer');
          throw new BridgeFailure('INTERNAL', `The import ended unexpectedly (${answer.type}).`);
      }
    },

    'catalog.export': async () => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      return { fileName: `catalogo-${day}.csv`, text: exportCatalogCsv(store.eachCatalogProduct()) };
    },
  };
}
