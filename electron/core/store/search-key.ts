/** Lower case without accents ("Café Águila" → "cafe aguila"): what product search compares, on both sides. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
