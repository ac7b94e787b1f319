/**
 * The catalog as a CSV the owner's spreadsheet opens and `catalog-import.ts` reads back unchanged: `;` between
 * cells, decimal comma and a UTF-8 BOM (what Excel in Spanish expects), the import's own headers, no cell a
 * formula (csv-file.ts's writeCsv).
 */
import type { CatalogProductDto } from '../../../shared/bridge/types';
import { writeCsv } from '../../../common/csv/csv-file';
import { EXPORT_HEADERS, type CatalogColumn } from './catalog-import';

const ORDER: readonly CatalogColumn[] = ['code', 'name', 'barcodes', 'unit', 'price', 'shelfPrice', 'tax', 'rate', 'discount', 'category', 'active'];

const decimalComma = (text: string | null) => (text === null ? '' : text.replace('.', ','));

function cellsOf(p: CatalogProductDto): string[] {
  const byColumn: Record<CatalogColumn, string> = {
    code: p.code, name: p.name, barcodes: p.barcodes.join('|'), unit: p.unitMeasure,
    // A shelf price is exported alone: the base is derived from it again on import.
    price: p.shelfPrice === null ? decimalComma(p.price) : '',
    shelfPrice: decimalComma(p.shelfPrice), tax: p.taxCode ?? '', rate: decimalComma(p.taxRate),
    discount: decimalComma(p.discountRate), category: p.category ?? '', active: p.active ? 'sí' : 'no',
  };
  return ORDER.map((c) => byColumn[c]);
}

export function exportCatalogCsv(products: Iterable<CatalogProductDto>): string {
  const rows: string[][] = [];
  for (const p of products) rows.push(cellsOf(p));
  return writeCsv(ORDER.map((c) => EXPORT_HEADERS[c]), rows);
}
