/**
 * Which numbering range new invoices use. The spec does not show how a range says it is current, so we pick
 * automatically only when the evidence is clear (shared `chooseInvoiceRange`) and otherwise ask the user.
 * When the service refuses the range we used, the sync engine re-resolves without it.
 */
import { chooseInvoiceRange, type NumberingRange } from '../../shared/api/numbering-range';
import { copyApiError, type ApiError } from './errors';

export type RangeResolution =
  | { ok: true; range: NumberingRange }
  | { ok: false; code: 'RANGE_NEEDS_CHOICE' | 'NO_RANGE'; message: string; candidates: NumberingRange[] };

export interface RangeSource {
  listNumberingRanges(now?: Date): Promise<NumberingRange[]>;
}

export interface ResolveRangeOptions {
  api: RangeSource;
  /** The range chosen in Settings, if any. */
  preferredId?: string | null;
  /** A range the service has just refused: never chosen again by this call. */
  rejectedId?: string | null;
  now: () => number;
}

/** Lists the ranges (network errors propagate as ApiError) and decides; an undecidable case is a value, not a throw. */
export async function resolveNumberingRange(opts: ResolveRangeOptions): Promise<RangeResolution> {
  const all = await opts.api.listNumberingRanges(new Date(opts.now()));
  const usable = opts.rejectedId ? all.filter((r) => r.id !== opts.rejectedId) : all;
  const preferredId = opts.preferredId && opts.preferredId !== opts.rejectedId ? opts.preferredId : null;
  const choice = chooseInvoiceRange(usable, preferredId);
  switch (choice.kind) {
    case 'chosen':
      return { ok: true, range: choice.range };
    case 'needs-choice':
      return {
        ok: false,
        code: 'RANGE_NEEDS_CHOICE',
        message: 'More than one invoice numbering range may be current; choose one in Settings',
        candidates: choice.candidates,
      };
    case 'none':
      return {
        ok: false,
        code: 'NO_RANGE',
        message: choice.reason,
        candidates: [],
      };
  }
}

const RANGE_FIELD = /numbering[_ ]?range|numberingRange/i;

/**
 * The service refused the request because of its numbering range (a 4xx naming `numbering_range_id`).
 * Not when other fields are wrong too: a new range would not fix those, and the user has to see them.
 */
export function isRangeRejection(error: ApiError): boolean {
  if (error.kind !== 'permanent') return false;
  if (RANGE_FIELD.test(error.message)) return true;
  return error.details.length > 0 && error.details.every((d) => RANGE_FIELD.test(d));
}

/** The same failure, flagged `RANGE_INVALID` so the sync engine knows to re-resolve the range and resend. */
export function asRangeInvalid(error: ApiError): ApiError {
  return copyApiError(error, { code: 'RANGE_INVALID' });
}
