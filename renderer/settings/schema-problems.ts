/**
 * A shared schema's verdict turned into one message key per field, and the till's defaults checked that way. Kept
 * apart from settings-checks.ts (which needs the whole bridge contract) because the counter uses these on its first
 * render's path (customer-draft.ts, charge-check.ts).
 */
import type { z } from 'zod';
import { CONTROL_CHARACTERS, REQUIRED } from '../../shared/field-rules';
import { tillDefaultsSchema } from '../../shared/seller';

export type SettingsProblem =
  | 'problemRequired' | 'problemUrl' | 'problemUrlNotHttps' | 'problemClientId' | 'problemNit' | 'problemDv'
  | 'problemEmail' | 'problemMunicipality' | 'problemTooLong' | 'problemCharacters'
  | 'problemAuthNumber' | 'problemDate' | 'problemPrefix' | 'problemRangeNumber' | 'problemRangeOrder' | 'problemValidityOrder';

export type Problems<K extends string> = Partial<Record<K, SettingsProblem>>;

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

export function problemsOf<T extends object>(schema: z.ZodType, value: T, own: Partial<Record<keyof T, SettingsProblem>>): Problems<Extract<keyof T, string>> {
  const problems: Problems<Extract<keyof T, string>> = {};
  for (const [field, issue] of firstIssues(schema, value)) {
    const key = field as Extract<keyof T, string>;
    problems[key] = problemKey(issue, value[key], own[key] ?? 'problemTooLong');
  }
  return problems;
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
