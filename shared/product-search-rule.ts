/**
 * How the counter's product search orders what it found, the way a cashier means a word (issue 26): «cola» is the
 * «Gaseosa cola 1,5 L» before the «Chocolate de mesa 500 g». A product whose name starts with the text comes first,
 * then one where a word of its name starts with it, then one whose code starts with it, and last one where the text
 * is only found inside a word. Within a rank, by name. The one rule: the till's catalog store orders its SQL by this
 * function (registered in SQLite), so the counter's list and Enter on the search agree. Pure.
 */
import { foldText } from './folded-text';

export const PRODUCT_MATCH_RANK = { nameStart: 0, wordStart: 1, codeStart: 2, inside: 3 } as const;

/** Characters that separate the words of a product's name («Gaseosa cola 1,5 L», «Café-molido», «Arroz (1 kg)»). */
const WORD_START = /[\s\-/(),.+*&:;_'"]/;

/**
 * The rank of a product for a text typed, lower first. Name, code and text are folded here (accents and case do
 * not matter); an empty text ranks everything alike.
 */
export function productMatchRank(name: string, code: string, text: string): number {
  return foldedMatchRank(foldText(name), foldText(code), foldText(text));
}

/** The same rank for texts already folded (foldText): what a store calls per row, so a row costs no folding. */
export function foldedMatchRank(name: string, code: string, query: string): number {
  if (query === '' || name.startsWith(query)) return PRODUCT_MATCH_RANK.nameStart;
  for (let at = name.indexOf(query, 1); at > 0; at = name.indexOf(query, at + 1)) {
    if (WORD_START.test(name.charAt(at - 1))) return PRODUCT_MATCH_RANK.wordStart;
  }
  if (code.startsWith(query)) return PRODUCT_MATCH_RANK.codeStart;
  return PRODUCT_MATCH_RANK.inside;
}
