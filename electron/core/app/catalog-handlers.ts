/** The owner's catalog: products created, edited, deactivated and searched; CSV import (preview, then all or nothing) and export. */
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { AppContext } from './app-context';
import { exportCatalogCsv } from './catalog-export';
import { planCatalogImport } from './catalog-import';
import { LIMITS } from '../../../shared/limits';
import { catalogRecordOf, shelfMissMessage } from './catalog-records';

type CatalogMethods =
  | 'catalog.list' | 'catalog.get' | 'catalog.save' | 'catalog.setActive' | 'catalog.importPreview' | 'catalog.importCommit'
  | 'catalog.export' | 'catalog.quickKeys';

/** How many rows an import refusal names in its message (the preview lists them all). */
const ERRORS_IN_MESSAGE = 5;

export function catalogHandlers(ctx: Pick<AppContext, 'store' | 'now'>): Pick<BridgeHandlers, CatalogMethods> {
  const { store } = ctx;
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

    'catalog.importPreview': async ({ file }) => planCatalogImport(Buffer.from(file, 'base64'), store).preview,

    'catalog.importCommit': async ({ file }) => {
      // Planned again from the same file: what the owner confirmed is what the preview showed, checked once more.
      const plan = planCatalogImport(Buffer.from(file, 'base64'), store);
      const { errors } = plan.preview;
      if (errors.length > 0) {
        const named = errors.slice(0, ERRORS_IN_MESSAGE).map((e) => `row ${e.row}, ${e.column || 'file'}: ${e.message}`).join('; ');
        const more = errors.length > ERRORS_IN_MESSAGE ? ` (and ${errors.length - ERRORS_IN_MESSAGE} more)` : '';
        throw new BridgeFailure('INVALID_INPUT', `Nothing was imported: ${named}${more}.`, { file: `${errors.length} rows have errors` });
      }
      return store.saveCatalogProducts(plan.products);
    },

    'catalog.export': async () => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      return { fileName: `catalogo-${day}.csv`, text: exportCatalogCsv(store.eachCatalogProduct()) };
    },
  };
}
