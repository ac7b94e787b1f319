/**
 * Settings checked before they cross the bridge, with one message key per field. The core checks again
 * (and its per-field answers are shown too); these rules mirror the bridge contract's.
 */
import type { SellerDto } from '../../shared/bridge/types';
import { isValidNitDv } from '../../shared/nit';

export type SettingsProblem =
  | 'problemRequired' | 'problemUrl' | 'problemClientId' | 'problemNit' | 'problemDv' | 'problemEmail'
  | 'problemMunicipality' | 'problemTooLong';

type Problems<K extends string> = Partial<Record<K, SettingsProblem>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ConnectionDraft { baseUrl: string; clientId: string; clientSecret: string }

export function checkConnection(d: ConnectionDraft): Problems<keyof ConnectionDraft> {
  const p: Problems<keyof ConnectionDraft> = {};
  if (d.baseUrl.trim() === '') p.baseUrl = 'problemRequired';
  else if (!isHttpUrl(d.baseUrl.trim())) p.baseUrl = 'problemUrl';
  if (d.clientId.trim() === '') p.clientId = 'problemRequired';
  else if (!/^fc_\S+$/.test(d.clientId.trim())) p.clientId = 'problemClientId';
  if (d.clientSecret === '') p.clientSecret = 'problemRequired';
  else if (d.clientSecret.length > 500) p.clientSecret = 'problemTooLong';
  return p;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && text.length <= 300;
  } catch {
    return false;
  }
}

export function checkSeller(s: SellerDto): Problems<keyof SellerDto> {
  const p: Problems<keyof SellerDto> = {};
  if (s.name.trim() === '') p.name = 'problemRequired';
  else if (s.name.length > 200) p.name = 'problemTooLong';
  if (!/^\d{5,15}$/.test(s.nit)) p.nit = s.nit === '' ? 'problemRequired' : 'problemNit';
  if (!/^\d$/.test(s.dv)) p.dv = s.dv === '' ? 'problemRequired' : 'problemDv';
  else if (!p.nit && !isValidNitDv(s.nit, s.dv)) p.dv = 'problemDv';
  if (s.address.length > 200) p.address = 'problemTooLong';
  if (s.phone.length > 40) p.phone = 'problemTooLong';
  if (s.email !== '' && !EMAIL.test(s.email)) p.email = 'problemEmail';
  if (!/^\d{5}$/.test(s.municipalityCode)) p.municipalityCode = 'problemMunicipality';
  if (s.resolutionText.length > 500) p.resolutionText = 'problemTooLong';
  return p;
}

export interface DefaultsDraft { defaultEmail: string; defaultMunicipalityCode: string; printerName: string }

export function checkDefaults(d: DefaultsDraft): Problems<keyof DefaultsDraft> {
  const p: Problems<keyof DefaultsDraft> = {};
  if (d.defaultEmail.trim() === '') p.defaultEmail = 'problemRequired';
  else if (!EMAIL.test(d.defaultEmail.trim())) p.defaultEmail = 'problemEmail';
  if (!/^\d{5}$/.test(d.defaultMunicipalityCode)) p.defaultMunicipalityCode = 'problemMunicipality';
  if (d.printerName.length > 200) p.printerName = 'problemTooLong';
  return p;
}

/**
 * The bridge answers per-field errors keyed by dotted path ("seller.nit", "clientSecret"); a form wants
 * them keyed by its own field names.
 */
export function fieldErrorsFor(fields: Record<string, string> | undefined, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    if (prefix === '' ? !path.includes('.') : path.startsWith(`${prefix}.`)) out[prefix ? path.slice(prefix.length + 1) : path] = message;
  }
  return out;
}
