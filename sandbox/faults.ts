/**
 * Fault injection for reliability tests (only mounted with `faults: true`). State lives in memory:
 * a restart clears it, which is what a test that restarts the sandbox wants.
 */
import { failure, json, type Reply } from './http-io';

export interface FaultSettings {
  latency_ms: number;
  fail_next: { count: number; status: number };
  fail_rate: number;
  reset_after_commit_next: number;
  /** A gateway that forwarded the POST and then failed: the invoice is stored, the answer is this 5xx. */
  fail_after_commit_next: { count: number; status: number };
  rate_limit_storm_next: { count: number; retry_after_s: number };
  malformed_next: number;
  reject_references: string[];
}

export interface Faults {
  /** POST /sandbox/faults */
  configure(body: unknown): Reply;
  latencyMs(): number;
  /** A storm 429 or an injected 5xx that replaces the request before any work, or null. */
  interceptBeforeWork(): Reply | null;
  /** True when this committed invoice's connection must be dropped without a response. */
  takeResetAfterCommit(): boolean;
  /** The 5xx that replaces this committed invoice's answer (fail_after_commit_next), or null. */
  takeFailAfterCommit(): Reply | null;
  takeMalformed(): boolean;
  shouldReject(referenceCode: string): boolean;
}

const FAILURE_CODES: Record<number, string> = { 500: 'INTERNAL', 502: 'BAD_GATEWAY', 503: 'SERVICE_UNAVAILABLE', 504: 'GATEWAY_TIMEOUT' };

type Problem = { field: string; message: string };

function noFaults(): FaultSettings {
  return {
    latency_ms: 0,
    fail_next: { count: 0, status: 503 },
    fail_rate: 0,
    reset_after_commit_next: 0,
    fail_after_commit_next: { count: 0, status: 502 },
    rate_limit_storm_next: { count: 0, retry_after_s: 1 },
    malformed_next: 0,
    reject_references: [],
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1_000_000;

function strictKeys(value: Record<string, unknown>, allowed: readonly string[], prefix: string, problems: Problem[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push({ field: prefix + key, message: `property ${key} should not exist` });
  }
}

/** Validates a faults body into the changes it asks for; problems use the API's { field, message } shape. */
function parseChanges(body: unknown): { ok: true; clear: boolean; changes: Partial<FaultSettings> } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = [];
  if (!isObject(body)) return { ok: false, problems: [{ field: '', message: 'body must be a JSON object' }] };
  strictKeys(body, ['latency_ms', 'fail_next', 'fail_rate', 'reset_after_commit_next', 'fail_after_commit_next', 'rate_limit_storm_next', 'malformed_next', 'reject_references', 'clear'], '', problems);
  const changes: Partial<FaultSettings> = {};
  const count = (key: 'latency_ms' | 'reset_after_commit_next' | 'malformed_next') => {
    if (body[key] === undefined) return;
    if (isCount(body[key])) changes[key] = body[key];
    else problems.push({ field: key, message: `${key} must be a non-negative integer` });
  };
  count('latency_ms');
  count('reset_after_commit_next');
  count('malformed_next');
  if (body.fail_next !== undefined) {
    const f = body.fail_next;
    if (isObject(f) && isCount(f.count) && (f.status === undefined || (Number.isInteger(f.status) && (f.status as number) >= 500 && (f.status as number) <= 599))) {
      strictKeys(f, ['count', 'status'], 'fail_next.', problems);
      changes.fail_next = { count: f.count, status: (f.status as number | undefined) ?? 503 };
    } else problems.push({ field: 'fail_next', message: 'fail_next must be { count: integer ≥ 0, status?: 500–599 }' });
  }
  if (body.fail_after_commit_next !== undefined) {
    const f = body.fail_after_commit_next;
    if (isObject(f) && isCount(f.count) && (f.status === undefined || (Number.isInteger(f.status) && (f.status as number) >= 500 && (f.status as number) <= 599))) {
      strictKeys(f, ['count', 'status'], 'fail_after_commit_next.', problems);
      changes.fail_after_commit_next = { count: f.count, status: (f.status as number | undefined) ?? 502 };
    } else problems.push({ field: 'fail_after_commit_next', message: 'fail_after_commit_next must be { count: integer ≥ 0, status?: 500–599 }' });
  }
  if (body.fail_rate !== undefined) {
    const r = body.fail_rate;
    if (typeof r === 'number' && r >= 0 && r <= 1) changes.fail_rate = r;
    else problems.push({ field: 'fail_rate', message: 'fail_rate must be a number from 0 to 1' });
  }
  if (body.rate_limit_storm_next !== undefined) {
    const s = body.rate_limit_storm_next;
    if (isObject(s) && isCount(s.count) && (s.retry_after_s === undefined || (isCount(s.retry_after_s) && s.retry_after_s >= 1))) {
      strictKeys(s, ['count', 'retry_after_s'], 'rate_limit_storm_next.', problems);
      changes.rate_limit_storm_next = { count: s.count, retry_after_s: (s.retry_after_s as number | undefined) ?? 1 };
    } else problems.push({ field: 'rate_limit_storm_next', message: 'rate_limit_storm_next must be { count: integer ≥ 0, retry_after_s?: integer ≥ 1 }' });
  }
  if (body.reject_references !== undefined) {
    const refs = body.reject_references;
    if (Array.isArray(refs) && refs.every((r) => typeof r === 'string')) changes.reject_references = [...(refs as string[])];
    else problems.push({ field: 'reject_references', message: 'reject_references must be an array of strings' });
  }
  if (body.clear !== undefined && body.clear !== true) problems.push({ field: 'clear', message: 'clear must be true' });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, clear: body.clear === true, changes };
}

export function createFaults(opts: { random: () => number }): Faults {
  let settings = noFaults();
  return {
    configure(body) {
      const parsed = parseChanges(body);
      if (!parsed.ok) return failure(400, 'VALIDATION', 'invalid fault settings', parsed.problems);
      // `clear` first, so one call can reset everything and set new faults.
      if (parsed.clear) settings = noFaults();
      settings = { ...settings, ...parsed.changes };
      return json(200, settings);
    },
    latencyMs: () => settings.latency_ms,
    interceptBeforeWork() {
      const storm = settings.rate_limit_storm_next;
      if (storm.count > 0) {
        storm.count -= 1;
        const after = String(storm.retry_after_s);
        return failure(429, 'RATE_LIMITED', `rate limit exceeded (simulated); retry after ${after} s`, [], { 'Retry-After': after });
      }
      const fail = settings.fail_next;
      if (fail.count > 0) {
        fail.count -= 1;
        return failure(fail.status, FAILURE_CODES[fail.status] ?? 'SERVER_ERROR', `simulated failure (fail_next, status ${fail.status})`);
      }
      if (settings.fail_rate > 0 && opts.random() < settings.fail_rate) {
        return failure(503, 'SERVICE_UNAVAILABLE', 'simulated failure (fail_rate)');
      }
      return null;
    },
    takeResetAfterCommit() {
      if (settings.reset_after_commit_next <= 0) return false;
      settings.reset_after_commit_next -= 1;
      return true;
    },
    takeFailAfterCommit() {
      const fail = settings.fail_after_commit_next;
      if (fail.count <= 0) return null;
      fail.count -= 1;
      return failure(fail.status, FAILURE_CODES[fail.status] ?? 'SERVER_ERROR', `simulated failure after the invoice was stored (fail_after_commit_next, status ${fail.status})`);
    },
    takeMalformed() {
      if (settings.malformed_next <= 0) return false;
      settings.malformed_next -= 1;
      return true;
    },
    shouldReject: (referenceCode) => settings.reject_references.includes(referenceCode),
  };
}
