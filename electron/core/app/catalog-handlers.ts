/** The owner's catalog: products created, edited, deactivated and searched; CSV import (preview, then all or nothing) and export. */
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { AppContext } from './app-context';
import { exportCatalogCsv } from './catalog-export';
import { checkCatalogImport, type CatalogFileFacts } from './catalog-import';
import type { CatalogImportPreviewDto } from '../../../shared/bridge/types';
import type { CsvSource } from '../../../common/csv/csv-file';
import { LIMITS } from '../../../shared/limits';
import { catalogRecordOf, shelfMissMessage } from './catalog-records';

type CatalogMethods =
  | 'catalog.list' | 'catalog.get' | 'catalog.save' | 'catalog.setActive' | 'catalog.importPreview' | 'catalog.importCommit'
  | 'catalog.export' | 'catalog.quickKeys';

/** Previews whose first pass an import may reuse, by upload (uploads themselves are few: upload-store.ts). */
const FACTS_KEPT = 8;

/** How many rows an import refusal names in its message (the preview lists them all). */
const ERRORS_IN_MESSAGE = 5;

/** A file with errors: thrown inside the import's transaction so that nothing of it stays. */
class ImportRefused extends Error {
  constructor(readonly check: CatalogImportPreviewDto) {
    super('the file has errors');
  }
}

export function catalogHandlers(ctx: Pick<AppContext, 'store' | 'now' | 'uploads'>): Pick<BridgeHandlers, CatalogMethods> {
  const { store } = ctx;
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
      return checkCatalogImport(sourceOf(input), store, upload === undefined ? {} : { onFacts: (facts) => remember(upload, facts) });
    },

    'catalog.importCommit': async (input) => {
      // Every row checked again as it is written (the catalog may have changed since the preview), in one pass
      // when the preview's first one can stand for it.
      const source = sourceOf(input);
      const facts = input.upload === undefined ? undefined : previewed.get(input.upload);
      let saved;
      try {
        saved = store.importCatalogProducts((add) => {
          const check = checkCatalogImport(source, store, facts ? { onProduct: add, facts } : { onProduct: add });
          if (check.errorCount > 0) throw new ImportRefused(check);
        });
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        const { errors, errorCount } = error.check;
        const named = errors.slice(0, ERRORS_IN_MESSAGE).map((e) => `row ${e.row}, ${e.column || 'file'}: ${e.message}`).join('; ');
        const more = errorCount > ERRORS_IN_MESSAGE ? ` (and ${errorCount - ERRORS_IN_MESSAGE} more)` : '';
        throw new BridgeFailure('INVALID_INPUT', `Nothing was imported: ${named}${more}.`, { file: `${errorCount} rows have errors` });
      }
      if (input.upload !== undefined) {
        ctx.uploads?.discard(input.upload);
        previewed.delete(input.upload);
      }
      return { created: saved.created, updated: saved.updated };
    },

    'catalog.export': async () => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      return { fileName: `catalogo-${day}.csv`, text: exportCatalogCsv(store.eachCatalogProduct()) };
    },
  };
}
