/**
 * Settings as the renderer sees them (SettingsDto) ↔ the store's plain key/value rows. Only non-secret values
 * live here; the client secret is in the keychain and only its presence is reported.
 */
import type { Locale, PaperWidth, SellerDto, SettingsDto } from '../../../shared/bridge/types';
import { RATE_SHARE_RANGE, sellerSchema } from '../../../shared/bridge/contract';
import { PREFERRED_RANGE_KEY } from '../sync/range-provider';

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
  rateShare: 'rate_share_percent',
} as const;

/** This till's share of the service's request limit, in percent, when several tills use one client id. */
export const DEFAULT_RATE_SHARE = 100;

export function readRateShare(rows: Pick<SettingsRows, 'getSetting'>): number {
  const value = Number(rows.getSetting(KEYS.rateShare) ?? DEFAULT_RATE_SHARE);
  return Number.isInteger(value) && value >= RATE_SHARE_RANGE.min && value <= RATE_SHARE_RANGE.max ? value : DEFAULT_RATE_SHARE;
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

export function connectionMode(rows: SettingsRows): ConnectionMode {
  return rows.getSetting(KEYS.mode) === 'service' ? 'service' : 'demo';
}

/**
 * Which invoicing service sales rung up now belong to: 'demo', or the real service's base URL and client id.
 * The store and the sync engine use it so a demo sale never becomes a real invoice (nor the reverse).
 */
export function currentService(rows: SettingsRows): string {
  if (connectionMode(rows) === 'demo') return 'demo';
  return `${(rows.getSetting(KEYS.baseUrl) ?? '').replace(/\/+$/, '')}|${rows.getSetting(KEYS.clientId) ?? ''}`;
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

export function readSettings(rows: SettingsRows, opts: { demoSeller: SellerDto; hasSecret: boolean }): SettingsDto {
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
      hasSecret: opts.hasSecret,
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
    rateShare: readRateShare(rows),
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
  rateShare?: number | undefined;
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
  if (changes.rateShare !== undefined) rows.setSetting(KEYS.rateShare, String(changes.rateShare));
}
