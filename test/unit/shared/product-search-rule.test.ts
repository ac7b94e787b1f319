/**
 * Search the way a cashier means it (issue 26): the shared rule alone, then the till's catalog store ordering a real
 * SQLite file by it — «cola» finds «Gaseosa cola 1,5 L» before «Chocolate de mesa 500 g», typed short or long.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Product, type Store } from '../../../electron/core/store';
import { PRODUCT_MATCH_RANK, productMatchRank } from '../../../shared/product-search-rule';

describe('the product search rule', () => {
  it('ranks a name that starts with the text, then a word that does, then the code, then the text inside a word', () => {
    expect(productMatchRank('Colada de avena', 'COL-1', 'cola')).toBe(PRODUCT_MATCH_RANK.nameStart);
    expect(productMatchRank('Gaseosa cola 1,5 L', 'GAS-15', 'cola')).toBe(PRODUCT_MATCH_RANK.wordStart);
    expect(productMatchRank('Chocolate de mesa 500 g', 'CHO-MES', 'cola')).toBe(PRODUCT_MATCH_RANK.inside);
    expect(productMatchRank('Chocolate de mesa 500 g', 'COLA-9', 'cola')).toBe(PRODUCT_MATCH_RANK.codeStart);
    expect(PRODUCT_MATCH_RANK.wordStart).toBeLessThan(PRODUCT_MATCH_RANK.inside);
  });

  it('folds accents and case, and sees words after hyphens, brackets and commas', () => {
    expect(productMatchRank('CAFÉ Águila', 'X', 'aguila')).toBe(PRODUCT_MATCH_RANK.wordStart);
    expect(productMatchRank('Galletas (Cola)', 'X', 'COLA')).toBe(PRODUCT_MATCH_RANK.wordStart);
    expect(productMatchRank('Bebida coco-cola', 'X', 'cola')).toBe(PRODUCT_MATCH_RANK.wordStart);
    expect(productMatchRank('Gaseosa cola 1,5 L', 'X', 'gaseosa cola')).toBe(PRODUCT_MATCH_RANK.nameStart);
    // The text found inside a word first and at a word's start later still counts as a word's start.
    expect(productMatchRank('Chocolate cola', 'X', 'cola')).toBe(PRODUCT_MATCH_RANK.wordStart);
    expect(productMatchRank('Lo que sea', 'X', '   ')).toBe(PRODUCT_MATCH_RANK.nameStart);
  });
});

describe('the catalog store orders by the rule (real SQLite)', () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mostrador-search-rule-'));
    store = openStore({ path: join(dir, 'mostrador.sqlite') });
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const product = (code: string, name: string): Product => ({
    code, name, barcode: null, price: '1000', unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0',
  });

  it('«cola» ranks «Gaseosa cola» first among products named with «cola» and «chocolate»', () => {
    store.upsertProducts([
      product('CHO-MES', 'Chocolate de mesa 500 g'), product('CHO-BAR', 'Chocolatina con leche'),
      product('GAS-15', 'Gaseosa cola 1,5 L'), product('ARR-1', 'Arroz blanco 1 kg'), product('CHO-COL', 'Chocolate colombiano'),
    ]);
    const names = store.searchProducts('cola', 8).map((p) => p.name);
    expect(names[0]).toBe('Gaseosa cola 1,5 L');
    // Then the three with «cola» inside a word («choCOLAte»), by name.
    expect(names).toEqual(['Gaseosa cola 1,5 L', 'Chocolate colombiano', 'Chocolate de mesa 500 g', 'Chocolatina con leche']);
    // Short text (under the trigram index) follows the same rule.
    expect(store.searchProducts('co', 8).map((p) => p.name).slice(0, 3)).toEqual(['Chocolate colombiano', 'Chocolatina con leche', 'Gaseosa cola 1,5 L']);
    // The first of a limited answer is the best one, not the first by name.
    expect(store.searchProducts('cola', 1).map((p) => p.name)).toEqual(['Gaseosa cola 1,5 L']);
    // The owner's catalog pages stay by name (a list to browse, not a pick).
    expect(store.listCatalog({ text: 'cola', includeInactive: true, limit: 10, offset: 0 }).products[0]?.name).toBe('Chocolate colombiano');
  });
});
