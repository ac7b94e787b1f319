/**
 * A refused update as the till keeps and shows it (issue 19 §7): which version, why (a code the screen says in the
 * owner's language), when. The core persists the newest refusal until a good update arrives or an owner dismisses it.
 */
import { z } from 'zod';
import { withOwnerOverride } from './people';

/** Why a downloaded update was not accepted (electron/core/updates/update-signature.ts decides). */
export const UPDATE_REFUSAL_REASONS = [
  'unsigned', 'malformed signature', 'wrong signature', 'signature unreachable', 'update unreadable', 'no update folder',
] as const;
export type UpdateRefusalReason = (typeof UPDATE_REFUSAL_REASONS)[number];

export interface UpdateRefusalDto {
  /** The version the update folder offered. */
  version: string;
  reason: UpdateRefusalReason;
  /** A technical detail for whoever fixes it (an HTTP status, a file error); never shown as the main words. */
  detail: string | null;
  /** When it was refused (ms since epoch). */
  at: number;
}

/** A version as latest*.yml names it (1.4.0, 1.4.0-beta.2). */
export const updateVersionSchema = z.string().trim().min(1, 'is required').max(64)
  .regex(/^[0-9A-Za-z.+-]+$/, 'must be a version such as 1.4.0');

/** Owners only: hides the notice of that refused version (a newer refusal stays shown). */
export const dismissUpdateRefusalSchema = withOwnerOverride({ version: updateVersionSchema });

/** The stored notice back, or null when it is absent or not one (a damaged row never breaks the status bar). */
export function readUpdateRefusal(stored: string | null): UpdateRefusalDto | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<UpdateRefusalDto>;
    if (typeof value.version !== 'string' || !updateVersionSchema.safeParse(value.version).success) return null;
    if (!(UPDATE_REFUSAL_REASONS as readonly unknown[]).includes(value.reason)) return null;
    if (typeof value.at !== 'number' || !Number.isSafeInteger(value.at)) return null;
    return { version: value.version, reason: value.reason as UpdateRefusalReason, detail: typeof value.detail === 'string' ? value.detail : null, at: value.at };
  } catch {
    return null;
  }
}
