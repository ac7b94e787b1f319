/**
 * Text as searches and headers compare it: lower case, without accents, spaces folded ("José  Peña" → "jose pena",
 * "Café Águila" → "cafe aguila"). The one folding rule: product search, the customer directory, municipalities and
 * CSV headers all use it, so what is stored and what is typed are folded alike.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
