/**
 * The History search's reading of what was typed, and the order of its answers, in one place the till's History and
 * the shop server's back office both follow (issue 21): a sale number typed bare lists that sale first, then an
 * invoice number typed whole, a buyer's NIT or cédula typed whole, the start of a CUFE, the start of an invoice
 * number, and last the fragments; within a rank the newest first. Pure: the stores bring their own SQL.
 */

/**
 * Each way of matching has a rank and a sale takes the best rank it matched by. "Own till" is the till asking (or,
 * in the back office, the till named in "Caja 2 · 000123"); other tills' sales with that number come next.
 */
export const SEARCH_RANK = {
  ownTillNumber: 0, otherTillNumber: 1, invoiceNumber: 2, identification: 3, cufePrefix: 4, invoicePrefix: 5, fragment: 6,
} as const;

/** Fragments shorter than this are not searched inside texts (too many matches to be useful). */
export const MIN_FRAGMENT = 3;
/** A CUFE is searched by its start from this many hex characters. */
export const MIN_CUFE_PREFIX = 4;

/** "123", "000123" or "Caja 1 · 000123" → 123; any other text (a reference that happens to end in digits) → null. */
export function shortNumberIn(text: string): number | null {
  const match = /^(?:[^·]*·\s*)?(\d{1,9})$/.exec(text.trim());
  return match?.[1] ? Number(match[1]) : null;
}

/** "Caja 2 · 000123" → "Caja 2" (the till's name the sale number was written with); null when no name is before "·". */
export function tillNameIn(text: string): string | null {
  const match = /^\s*([^·]*?\S)\s*·\s*\d{1,9}\s*$/.exec(text);
  return match?.[1] ?? null;
}

/**
 * A sale number as the till writes it ("000002", "Caja 2 · 000002"): that sale number and nothing else, so «000002»
 * never finds an invoice "…0000023" or sale 000003 through a fragment. A bare "2" may still be an invoice number.
 */
export function isWrittenSaleNumber(text: string): boolean {
  const trimmed = text.trim();
  // Written numbers are six digits, zero-padded; «0203040» (seven) is a fragment of a cédula, not a sale number.
  return shortNumberIn(trimmed) !== null && (trimmed.includes('·') || /^0\d{5}$/.test(trimmed));
}

/** A NIT or cédula as people write it ("900.373.115-3") → its digits without the DV; null for any other text. */
export function identificationIn(text: string): string | null {
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:-\d)?$/.exec(text.trim());
  return match?.[1] ? match[1].replaceAll('.', '') : null;
}

/** Text that may be (the start of) an invoice number: "SETP990000123", "990000123", "setp99". */
export function invoiceNumberIn(text: string): string | null {
  const trimmed = text.trim();
  return /^[0-9a-z-]+$/i.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** An invoice number without its prefix letters ("SETP990000123" → "990000123"): how it is found when typed bare. */
export function invoiceDigits(fullNumber: string): string {
  return fullNumber.toUpperCase().replace(/^[A-Z_\- ]+/, '');
}

/** Text that may be the start of a CUFE (hex, at least MIN_CUFE_PREFIX characters), lower case; else null. */
export function cufePrefixIn(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= MIN_CUFE_PREFIX && /^[0-9a-f]+$/i.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** Merges the matches of every way into one list: each key at its best rank, then best rank first, newest first. */
export function rankMatches<K>(found: Iterable<{ key: K; rank: number; at: number }>): K[] {
  const best = new Map<K, { rank: number; at: number }>();
  for (const m of found) {
    const seen = best.get(m.key);
    if (!seen || m.rank < seen.rank) best.set(m.key, { rank: m.rank, at: m.at });
  }
  return [...best].sort(([, a], [, b]) => a.rank - b.rank || b.at - a.at).map(([key]) => key);
}
