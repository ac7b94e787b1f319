/**
 * What an owner's override allowed, as facts rather than words: the core records these (JSON in the overrides
 * table's `detail` column) and the People screen says them in the chosen language. Rows written before issue 17
 * hold English sentences; `readOverrideDetail` turns the ones it recognises back into facts and keeps any other
 * as `{kind: 'text'}`, shown as the original text.
 */
export interface TaxRate { code: string; rate: string }

/** One line whose price or tax is not the catalog's; `catalogPrice` null = a product missing from the catalog. */
export interface PriceLineChange {
  code: string;
  name: string;
  catalogPrice: string | null;
  catalogTaxes: TaxRate[];
  chargedPrice: string;
  chargedTaxes: TaxRate[];
  /** Only when the line's discount is not the catalog's and above what a cashier may give alone (issue 19). */
  catalogDiscount?: string;
  chargedDiscount?: string;
}

/** A sale as an override names it: its short number and reference when the sale was found, else the id asked for. */
export interface SaleRef { id: string; tillName: string | null; shortNumber: number | null; referenceCode: string | null }

export type OverrideDetail =
  | { kind: 'price-approved'; code: string }
  | { kind: 'price'; lines: PriceLineChange[] }
  | { kind: 'settings'; fields: string[] }
  | { kind: 'connection'; baseUrl: string; clientId: string }
  | { kind: 'demo' }
  | { kind: 'printer' }
  | { kind: 'retry'; sale: SaleRef }
  | { kind: 'correction'; sale: SaleRef; voided: boolean }
  | { kind: 'person'; name: string }
  | { kind: 'overrides-read' }
  | { kind: 'unsent-alert'; minutes: string }
  | { kind: 'backup-configure'; folder: string | null; passphraseChanged: boolean }
  | { kind: 'backup-inspect'; file: string }
  | { kind: 'backup-restore' }
  | { kind: 'update-dismiss'; version: string }
  | { kind: 'customer-tax'; identification: string; changes: Array<{ field: string; from: string; to: string }> }
  | { kind: 'catalog'; method: string }
  | { kind: 'customers'; method: string }
  /** Not an approval: a person's PIN checks paused after `wrong` wrong PINs in a row, until `until` (epoch ms). */
  | { kind: 'pin-lockout'; name: string; role: 'owner' | 'cashier'; wrong: number; until: number; via: 'sign-in' | 'owner-pin' }
  | { kind: 'text'; text: string };

const KINDS = new Set<OverrideDetail['kind']>([
  'price-approved', 'price', 'settings', 'connection', 'demo', 'printer', 'retry', 'correction', 'person', 'overrides-read',
  'unsent-alert', 'backup-configure', 'backup-inspect', 'backup-restore', 'update-dismiss', 'customer-tax', 'catalog', 'customers', 'pin-lockout', 'text',
]);

export const storeOverrideDetail = (detail: OverrideDetail): string => JSON.stringify(detail);

/** The stored column back as facts: JSON written since issue 17, or an older English sentence. */
export function readOverrideDetail(stored: string): OverrideDetail {
  if (stored.startsWith('{')) {
    try {
      const parsed = JSON.parse(stored) as { kind?: unknown };
      if (typeof parsed.kind === 'string' && KINDS.has(parsed.kind as OverrideDetail['kind'])) return parsed as OverrideDetail;
    } catch {
      // not JSON after all: an old sentence that happens to start with a brace
    }
  }
  return legacyDetail(stored);
}

const TAX = /^(\S+) (\d+(?:\.\d+)?) %$/;

function legacyTaxes(text: string): TaxRate[] | null {
  if (text === 'no tax') return [];
  const taxes = text.split(' + ').map((part) => TAX.exec(part));
  return taxes.every((m) => m !== null) ? taxes.map((m) => ({ code: m?.[1] ?? '', rate: m?.[2] ?? '' })) : null;
}

// The sentences of electron/core/people/cashier-rules.ts before issue 17.
const LEGACY_LINE = /^(\S+) (.+?): (?:catalog price (\d+(?:\.\d+)?), (.+?); charged|not in the catalog;) price (\d+(?:\.\d+)?), (.+)$/;
const LEGACY_APPROVED = /^Price or tax of (.+) may change on the open sale$/;

function legacyDetail(text: string): OverrideDetail {
  const approved = LEGACY_APPROVED.exec(text);
  if (approved) return { kind: 'price-approved', code: approved[1] ?? '' };
  const lines: PriceLineChange[] = [];
  for (const part of text.split(/; (?=\S+ [^;]+?: (?:catalog price|not in the catalog))/)) {
    const m = LEGACY_LINE.exec(part);
    const catalogTaxes = m?.[3] === undefined ? [] : legacyTaxes(m[4] ?? '');
    const chargedTaxes = legacyTaxes(m?.[6] ?? '');
    if (!m || catalogTaxes === null || chargedTaxes === null) return { kind: 'text', text };
    lines.push({ code: m[1] ?? '', name: m[2] ?? '', catalogPrice: m[3] ?? null, catalogTaxes, chargedPrice: m[5] ?? '', chargedTaxes });
  }
  return lines.length > 0 ? { kind: 'price', lines } : { kind: 'text', text };
}
