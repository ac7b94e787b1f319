/**
 * Settings as the renderer sees them (SettingsDto) ↔ the store's plain key/value rows. Only non-secret values
 * live here; the client secret is in the keychain and only its presence is reported.
 */
import type { ConnectionDto, Locale, PaperWidth, SellerDto, SettingsDto } from '../../../shared/bridge/types';
import { DEFAULT_TILL_NAME, clientIdSchema, sellerSchema, serviceUrlSchema } from '../../../shared/bridge/contract';
import { LIMITS } from '../../../shared/limits';
import { numberingAuthorizationSchema, type NumberingAuthorizationDto } from '../../../shared/numbering-authorization';
import { cashierMaxDiscountSchema } from '../../../shared/sale-input';
import { DEFAULT_SHIFT_RULE, shiftRuleSchema, type ShiftRule } from '../../../shared/shift';
import { CURRENT_RANGE_KEY, PREFERRED_RANGE_KEY } from '../sync/range-provider';

export const KEYS = {
  mode: 'connection.mode',
  baseUrl: 'connection.base_url',
  clientId: 'connection.client_id',
  seller: 'seller',
  locale: 'locale',
  paperWidth: 'paper_width',
  printerName: 'printer_name',
  silentPrint: 'silent_print',
  preferredRange: PREFERRED_RANGE_KEY,
  defaultEmail: 'default_email',
  defaultMunicipality: 'default_municipality_code',
  tillName: 'till_name',
  rateShare: 'rate_share_percent',
  cashierMaxDiscount: 'cashier_max_discount_percent',
  numberingAuthorization: 'numbering_authorization',
  shiftRule: 'shift_rule',
} as const;

/** The owner's rule for a charge with no shift open (shared/shift.ts); nothing saved, or a damaged row, is 'ask'. */
export function readShiftRule(rows: Pick<SettingsRows, 'getSetting'>): ShiftRule {
  const parsed = shiftRuleSchema.safeParse(rows.getSetting(KEYS.shiftRule) ?? DEFAULT_SHIFT_RULE);
  return parsed.success ? parsed.data : DEFAULT_SHIFT_RULE;
}

/** This till's share of the service's request limit, in percent, when several tills use one client id. */
export const DEFAULT_RATE_SHARE = 100;

export function readRateShare(rows: Pick<SettingsRows, 'getSetting'>): number {
  const value = Number(rows.getSetting(KEYS.rateShare) ?? DEFAULT_RATE_SHARE);
  return Number.isInteger(value) && value >= LIMITS.minRateSharePercent && value <= LIMITS.maxRateSharePercent ? value : DEFAULT_RATE_SHARE;
}

/**
 * The largest discount (percent) a cashier may give on a line alone; above it the owner's PIN, like a price change.
 * Nothing saved, or a damaged row, is 0: a cashier gives no discount of their own until the owner says so.
 */
export function readCashierMaxDiscount(rows: Pick<SettingsRows, 'getSetting'>): number {
  const parsed = cashierMaxDiscountSchema.safeParse(Number(rows.getSetting(KEYS.cashierMaxDiscount) ?? 0));
  return parsed.success ? parsed.data : 0;
}

export interface SettingsRows {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
  tillId(): string;
}

export type ConnectionMode = 'demo' | 'service';

export const EMPTY_SELLER: SellerDto = {
  name: '', nit: '', dv: '', address: '', phone: '', email: '', municipalityCode: '', resolutionText: '',
};

/**
 * A damaged mode row (anything but 'demo' or 'service') counts as the real service when one was configured: the
 * demo must never silently take a real account's sales.
 */
export function connectionMode(rows: SettingsRows): ConnectionMode {
  const mode = rows.getSetting(KEYS.mode);
  if (mode === 'service') return 'service';
  if (mode === null || mode === '' || mode === 'demo') return 'demo';
  return rows.getSetting(KEYS.baseUrl) || rows.getSetting(KEYS.clientId) ? 'service' : 'demo';
}

/** The key sales are recorded under for a real service (see currentService). */
export function serviceKey(baseUrl: string, clientId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}|${clientId}`;
}

/** The base URL and client id back from a service key ('demo' has none). A client id never holds '|'. */
export function splitServiceKey(key: string): { baseUrl: string; clientId: string } | null {
  const bar = key.lastIndexOf('|');
  return key === 'demo' || bar < 0 ? null : { baseUrl: key.slice(0, bar), clientId: key.slice(bar + 1) };
}

/** Why a real service's address or client id (saved, or the key of old sales) cannot be used, or null. */
export function endpointProblem(baseUrl: string, clientId: string): string | null {
  const url = serviceUrlSchema.safeParse(baseUrl);
  if (!url.success) return `The saved service address "${baseUrl.slice(0, 80)}" ${url.error.issues[0]?.message ?? 'is not valid'}.`;
  if (!clientIdSchema.safeParse(clientId).success) return `The saved client id "${clientId.slice(0, 40)}" must start with fc_.`;
  return null;
}

/** The numbering-range rows belong to the service in use; other services keep theirs under their own key. */
export const RANGE_KEYS = [CURRENT_RANGE_KEY, PREFERRED_RANGE_KEY] as const;
export const rangeKeyFor = (key: string, service: string): string => `${key}@${service}`;

/**
 * Writes a new connection and swaps the range rows in the same synchronous step, so no sale and no engine ever
 * sees one service's range as another's. Unknown ranges become '' (none yet: the engine looks one up).
 */
export function switchServiceRows(rows: SettingsRows, write: () => void): void {
  const before = currentService(rows);
  const saved = RANGE_KEYS.map((k) => rows.getSetting(k) ?? '');
  write();
  const after = currentService(rows);
  if (after === before) return;
  RANGE_KEYS.forEach((k, i) => {
    rows.setSetting(rangeKeyFor(k, before), saved[i] ?? '');
    rows.setSetting(k, rows.getSetting(rangeKeyFor(k, after)) ?? '');
  });
}

/**
 * Which invoicing service sales rung up now belong to: 'demo', or the real service's base URL and client id.
 * The store and the sync engine use it so a demo sale never becomes a real invoice (nor the reverse).
 */
export function currentService(rows: SettingsRows): string {
  if (connectionMode(rows) === 'demo') return 'demo';
  return serviceKey(rows.getSetting(KEYS.baseUrl) ?? '', rows.getSetting(KEYS.clientId) ?? '');
}

/** The stored seller, or the fallback (demo details in demo mode) when none was saved or it no longer parses. */
export function readSeller(rows: SettingsRows, fallback: SellerDto): SellerDto {
  const raw = rows.getSetting(KEYS.seller);
  if (raw === null || raw === '') return fallback;
  try {
    const parsed = sellerSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The stored authorisation, or the fallback (the demo range's in demo mode) when none was saved or it no longer parses. */
export function readAuthorization(rows: Pick<SettingsRows, 'getSetting'>, fallback: NumberingAuthorizationDto | null): NumberingAuthorizationDto | null {
  const raw = rows.getSetting(KEYS.numberingAuthorization);
  if (raw === null || raw === '') return fallback;
  try {
    const parsed = numberingAuthorizationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The sandbox's seeded invoice range (prefix SETP), so demo receipts show what a real one carries. */
export const DEMO_AUTHORIZATION: NumberingAuthorizationDto = {
  number: '18760000001', date: '2024-01-01', prefix: 'SETP', from: '990000000', to: '995000000',
  validFrom: '2024-01-01', validUntil: '2099-12-31',
};

export function readSettings(
  rows: SettingsRows,
  opts: { demoSeller: SellerDto; secretState: ConnectionDto['secretState']; keychainProblem?: string | null },
): SettingsDto {
  const mode = connectionMode(rows);
  const seller = readSeller(rows, mode === 'demo' ? opts.demoSeller : EMPTY_SELLER);
  const locale: Locale = rows.getSetting(KEYS.locale) === 'en' ? 'en' : 'es-CO';
  const paperWidth: PaperWidth = rows.getSetting(KEYS.paperWidth) === '58' ? 58 : 80;
  const nonEmpty = (key: string): string | null => {
    const value = rows.getSetting(key);
    return value === null || value === '' ? null : value;
  };
  return {
    connection: {
      mode,
      baseUrl: rows.getSetting(KEYS.baseUrl) ?? '',
      clientId: rows.getSetting(KEYS.clientId) ?? '',
      hasSecret: opts.secretState === 'stored',
      secretState: opts.secretState,
      keychainProblem: opts.keychainProblem ?? null,
    },
    seller,
    locale,
    paperWidth,
    printerName: nonEmpty(KEYS.printerName),
    silentPrint: rows.getSetting(KEYS.silentPrint) === 'true',
    preferredRangeId: nonEmpty(KEYS.preferredRange),
    // The anonymous buyer needs an e-mail and a municipality; the seller's own stand in until set.
    defaultEmail: nonEmpty(KEYS.defaultEmail) ?? seller.email,
    defaultMunicipalityCode: nonEmpty(KEYS.defaultMunicipality) ?? (seller.municipalityCode || '11001'),
    tillId: rows.tillId(),
    tillName: nonEmpty(KEYS.tillName) ?? DEFAULT_TILL_NAME,
    rateShare: readRateShare(rows),
    cashierMaxDiscount: readCashierMaxDiscount(rows),
    numberingAuthorization: readAuthorization(rows, mode === 'demo' ? DEMO_AUTHORIZATION : null),
    shiftRule: readShiftRule(rows),
  };
}

export interface SettingsChanges {
  seller?: SellerDto | undefined;
  locale?: Locale | undefined;
  paperWidth?: PaperWidth | undefined;
  printerName?: string | null | undefined;
  silentPrint?: boolean | undefined;
  preferredRangeId?: string | null | undefined;
  defaultEmail?: string | undefined;
  defaultMunicipalityCode?: string | undefined;
  tillName?: string | undefined;
  rateShare?: number | undefined;
  cashierMaxDiscount?: number | undefined;
  numberingAuthorization?: NumberingAuthorizationDto | undefined;
  shiftRule?: ShiftRule | undefined;
}

/** Writes only what was given; null clears (stored as '' because the store has no delete). */
export function writeSettings(rows: SettingsRows, changes: SettingsChanges): void {
  if (changes.seller !== undefined) rows.setSetting(KEYS.seller, JSON.stringify(changes.seller));
  if (changes.locale !== undefined) rows.setSetting(KEYS.locale, changes.locale);
  if (changes.paperWidth !== undefined) rows.setSetting(KEYS.paperWidth, String(changes.paperWidth));
  if (changes.printerName !== undefined) rows.setSetting(KEYS.printerName, changes.printerName ?? '');
  if (changes.silentPrint !== undefined) rows.setSetting(KEYS.silentPrint, String(changes.silentPrint));
  if (changes.preferredRangeId !== undefined) rows.setSetting(KEYS.preferredRange, changes.preferredRangeId ?? '');
  if (changes.defaultEmail !== undefined) rows.setSetting(KEYS.defaultEmail, changes.defaultEmail);
  if (changes.defaultMunicipalityCode !== undefined) rows.setSetting(KEYS.defaultMunicipality, changes.defaultMunicipalityCode);
  if (changes.tillName !== undefined) rows.setSetting(KEYS.tillName, changes.tillName.trim());
  if (changes.rateShare !== undefined) rows.setSetting(KEYS.rateShare, String(changes.rateShare));
  if (changes.cashierMaxDiscount !== undefined) rows.setSetting(KEYS.cashierMaxDiscount, String(changes.cashierMaxDiscount));
  if (changes.numberingAuthorization !== undefined) rows.setSetting(KEYS.numberingAuthorization, JSON.stringify(changes.numberingAuthorization));
  if (changes.shiftRule !== undefined) rows.setSetting(KEYS.shiftRule, changes.shiftRule);
}
