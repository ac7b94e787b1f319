/** Issue 26: how History reads a sale number as the till writes it, and the till's name before it. */
import { describe, expect, it } from 'vitest';
import { isWrittenSaleNumber, shortNumberIn, tillNameIn } from '../../../shared/sale-search-rule';
import { tillLabel } from '../../../renderer/format/till-label';

describe('a sale number as the till writes it', () => {
  it('names the till before «·», with the screens\' no-break spaces or plain ones', () => {
    expect(tillNameIn('Caja 2 · 000002')).toBe('Caja 2');
    expect(tillNameIn('Caja\u00a02\u00a0·\u00a0000002')).toBe('Caja\u00a02');
    expect(tillNameIn('  Mostrador café ·000123 ')).toBe('Mostrador café');
    expect(tillNameIn('000002')).toBeNull();
    expect(tillNameIn('Caja 2')).toBeNull();
    expect(shortNumberIn('Caja 2 · 000002')).toBe(2);
  });

  it('is that number only when written with its zeros or its till: «000002» is never an invoice fragment; «2» still may be', () => {
    expect(isWrittenSaleNumber('000002')).toBe(true);
    expect(isWrittenSaleNumber('Caja 2 · 000002')).toBe(true);
    expect(isWrittenSaleNumber('2')).toBe(false);
    expect(isWrittenSaleNumber('990000023')).toBe(false);
    // Seven digits with a leading zero are a fragment (of a cédula, an invoice), not a sale number as written.
    expect(isWrittenSaleNumber('0203040')).toBe(false);
    expect(isWrittenSaleNumber('0000023')).toBe(false);
    expect(isWrittenSaleNumber('Caja 2')).toBe(false);
  });
});

describe('a till as the owner\'s screens name it', () => {
  it('by its name; with its number only where the name could be another till\'s', () => {
    expect(tillLabel('Caja 2', 2)).toBe('Caja 2');
    expect(tillLabel('Bodega', 3)).toBe('Bodega');
    expect(tillLabel('Caja 1', 2)).toBe('Caja 1 (n.º 2)');
    expect(tillLabel('  ', 4)).toBe('Caja 4');
  });
});
