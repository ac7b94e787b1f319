/**
 * Settings checked before they cross the bridge, with one message key per field. The rules are not written here:
 * the forms run the same shared schemas the core runs (shared/seller.ts, the bridge contract, shared/service-url.ts)
 * on the values they will send, and only turn each field's first problem into words.
 */
import type { z } from 'zod';
import { bridgeContract } from '../../shared/bridge/contract';
import type { SellerDto } from '../../shared/bridge/types';
import { CONTROL_CHARACTERS, REQUIRED } from '../../shared/field-rules';
import { sellerSchema, tillDefaultsSchema } from '../../shared/seller';
import { serviceUrlProblem, type ServiceUrlProblem } from '../../shared/service-url';

export type SettingsProblem =
  | 'problemRequired' | 'problemUrl' | 'problemUrlNotHttps' | 'problemClientId' | 'problemNit' | 'problemDv'
  | 'problemEmail' | 'problemMunicipality' | 'problemTooLong' | 'problemCharacters';

type Problems<K extends string> = Partial<Record<K, SettingsProblem>>;

/** The first issue of each top-level field, as the bridge would report it. */
export function firstIssues(schema: z.ZodType, value: unknown): Map<string, z.core.$ZodIssue> {
  const issues = new Map<string, z.core.$ZodIssue>();
  const result = schema.safeParse(value);
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !issues.has(field)) issues.set(field, issue);
  }
  return issues;
}

/**
 * A field's message key: "required" for a blank value, "too long" and "characters" as the shared rules word them,
 * else the field's own key (what it must look like).
 */
export function problemKey<K extends string>(issue: z.core.$ZodIssue, value: unknown, own: K):
  K | 'problemRequired' | 'problemTooLong' | 'problemCharacters' {
  if (typeof value === 'string' && value.trim() === '') return 'problemRequired';
  if (issue.message === REQUIRED) return 'problemRequired';
  if (issue.code === 'too_big') return 'problemTooLong';
  if (issue.message === CONTROL_CHARACTERS) return 'problemCharacters';
  return own;
}

function problemsOf<T extends object>(schema: z.ZodType, value: T, own: Partial<Record<keyof T, SettingsProblem>>): Problems<Extract<keyof T, string>> {
  const problems: Problems<Extract<keyof T, string>> = {};
  for (const [field, issue] of firstIssues(schema, value)) {
    const key = field as Extract<keyof T, string>;
    problems[key] = problemKey(issue, value[key], own[key] ?? 'problemTooLong');
  }
  return problems;
}

export interface ConnectionDraft { baseUrl: string; clientId: string; clientSecret: string }

const URL_PROBLEMS: Record<ServiceUrlProblem, SettingsProblem> = {
  required: 'problemRequired', 'too-long': 'problemTooLong', 'not-a-url': 'problemUrl', 'not-https': 'problemUrlNotHttps',
};

/** The base URL by the one URL rule; the client id and secret by the bridge's own schema for saving a connection. */
export function checkConnection(d: ConnectionDraft): Problems<keyof ConnectionDraft> {
  const sent = { baseUrl: d.baseUrl.trim(), clientId: d.clientId.trim(), clientSecret: d.clientSecret };
  const p = problemsOf(bridgeContract['settings.saveConnection'].input, sent, { clientId: 'problemClientId' });
  delete p.baseUrl;
  const url = serviceUrlProblem(sent.baseUrl);
  if (url) p.baseUrl = URL_PROBLEMS[url];
  return p;
}

/** What the Seller section sends: the name and e-mail trimmed. */
export const tidySeller = (s: SellerDto): SellerDto => ({ ...s, name: s.name.trim(), email: s.email.trim() });

export function checkSeller(s: SellerDto): Problems<keyof SellerDto> {
  return problemsOf(sellerSchema, tidySeller(s), {
    nit: 'problemNit', dv: 'problemDv', email: 'problemEmail', municipalityCode: 'problemMunicipality',
  });
}

export interface DefaultsDraft { defaultEmail: string; defaultMunicipalityCode: string; printerName: string }

export function checkDefaults(d: DefaultsDraft): Problems<keyof DefaultsDraft> {
  const printerName = d.printerName.trim();
  const sent = { defaultEmail: d.defaultEmail.trim(), defaultMunicipalityCode: d.defaultMunicipalityCode, printerName: printerName === '' ? null : printerName };
  const p = problemsOf(tillDefaultsSchema, sent, { defaultEmail: 'problemEmail', defaultMunicipalityCode: 'problemMunicipality' });
  if (p.printerName === 'problemRequired') delete p.printerName; // blank means "the system's default printer"
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
