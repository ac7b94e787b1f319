import { describe, expect, it } from 'vitest';
import { esBackOffice } from '../../../renderer/i18n/es-back-office';
import { esFirst } from '../../../renderer/i18n/es-first';
import { esLater } from '../../../renderer/i18n/es-later';
import { loadMessages } from '../../../renderer/i18n/messages';
import { screenMessagesFor as messagesFor } from '../../../renderer/i18n/screen-text';

// English is its own chunk in the app; here it is loaded once, as a till set to English does at start.
await loadMessages('en');

type Tree = Record<string, unknown>;

function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leaves(v as Tree, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]]);
}

describe('the dictionaries', () => {
  const es = leaves(messagesFor('es-CO') as unknown as Tree);
  const en = leaves(messagesFor('en') as unknown as Tree);

  it("split Spanish in three without overlap: the first render's words, the counter's late ones and the back office's", () => {
    const first = Object.keys(esFirst);
    const later = Object.keys(esLater);
    expect(Object.keys(esBackOffice).filter((key) => first.includes(key) || later.includes(key))).toEqual([]);
    expect(later.filter((key) => first.includes(key))).toEqual([]);
  });

  it('have the same entries, each a non-empty text or a function of the same arity', () => {
    expect(en.map(([k]) => k).sort()).toEqual(es.map(([k]) => k).sort());
    const english = new Map(en);
    for (const [key, value] of es) {
      const other = english.get(key);
      if (typeof value === 'function') expect(typeof other === 'function' && other.length === value.length, key).toBe(true);
      else expect(typeof value === 'string' && value.trim() !== '' && typeof other === 'string' && other.trim() !== '', key).toBe(true);
    }
  });

  it('say plainly that a provisional slip is not an electronic invoice', () => {
    expect(messagesFor('es-CO').notFiscalBanner).toMatch(/NO ES UNA FACTURA ELECTRÓNICA/);
    expect(messagesFor('en').notFiscalBanner).toMatch(/NOT AN ELECTRONIC INVOICE/);
  });

  it('count pending sales in words', () => {
    const es = messagesFor('es-CO');
    expect([es.pendingCount(0), es.pendingCount(1), es.pendingCount(7)]).toEqual(['Todo enviado', '1 venta pendiente', '7 ventas pendientes']);
  });
});
