/**
 * The ESC/POS pictures in docs/developer/the-till.md are the bytes the till prints today: each is drawn again from the receipt model
 * (also into test-results/screenshots/ with the e2e screenshots) and must equal the committed one in docs/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escposPictures } from '../../support/escpos-pictures';

describe('ESC/POS pictures', () => {
  const pictures = escposPictures();
  it('draws the fiscal and provisional receipts, a copy, the test page and a Z report', () => {
    expect([...pictures.keys()].sort()).toEqual([
      'escpos-copia-80', 'escpos-fiscal-58', 'escpos-fiscal-80', 'escpos-provisional-80', 'escpos-test-page-80', 'escpos-z-80',
    ]);
    mkdirSync('test-results/screenshots', { recursive: true });
    for (const [name, svg] of pictures) writeFileSync(join('test-results/screenshots', `${name}.svg`), svg);
  });
  it.each([...pictures.keys()])('docs/screenshots/%s.svg is up to date (npx tsx test/support/escpos-pictures-run.ts)', (name) => {
    expect(readFileSync(join('docs/screenshots', `${name}.svg`), 'utf8')).toBe(pictures.get(name));
  });
});
