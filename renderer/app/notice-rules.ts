/** Which notices the cashier answers by acting (pure: the words come in, no store). */

interface NotFoundWords {
  barcodeNotFound(code: string): string;
  productNotFound(text: string): string;
}

/** True for a word like `make("…")` whatever stands in for "…". */
function madeBy(make: (part: string) => string, text: string): boolean {
  const [before, after] = make('\u0000').split('\u0000');
  return before !== undefined && after !== undefined && text.length > before.length + after.length
    && text.startsWith(before) && text.endsWith(after);
}

/** "El código de barras … no está en el catálogo." / "No hay productos que coincidan con «…»." */
export function isNotFoundNotice(text: string, words: NotFoundWords): boolean {
  return madeBy(words.barcodeNotFound, text) || madeBy(words.productNotFound, text);
}
