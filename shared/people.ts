/**
 * People at the till and what they may do: the rules for a person (name, role, PIN), for an owner's one-action
 * override, and the list of actions a cashier needs an owner for. The bridge contract and the People screen's
 * forms use these same schemas.
 */
import { z } from 'zod';
import { expecting } from './api/field-problems';
import { requiredText } from './field-rules';
import { LIMITS } from './limits';

export const PERSON_ROLES = ['owner', 'cashier'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

/** Record ids as the store keeps them. */
const personId = z.number(expecting('a person id')).int().positive().max(Number.MAX_SAFE_INTEGER);

/** Digits only: typed on a keypad, never shown, never stored (only its salted hash is). */
export const pinSchema = z.string(expecting('text'))
  .regex(new RegExp(`^\\d{${LIMITS.pinMinLength},${LIMITS.pinMaxLength}}$`), {
    error: `must be ${LIMITS.pinMinLength} to ${LIMITS.pinMaxLength} digits`,
  });

export const personNameSchema = requiredText(LIMITS.personNameLength);

/**
 * A person as the People screen saves one: without `id` a new person (PIN required), with `id` an edit where a
 * missing PIN keeps the old one.
 */
export const personInputSchema = z.strictObject({
  id: personId.optional(),
  name: personNameSchema,
  role: z.enum(PERSON_ROLES, { error: 'must be owner or cashier' }),
  pin: pinSchema.optional(),
  active: z.boolean(expecting('true or false')).optional(),
}).superRefine((p, ctx) => {
  if (p.id === undefined && p.pin === undefined) ctx.addIssue({ code: 'custom', path: ['pin'], message: 'is required for a new person', input: p });
});
export type PersonInput = z.infer<typeof personInputSchema>;

/** An owner's PIN for this one call; it goes no further than the call (nothing keeps it). */
export const ownerOverrideSchema = z.strictObject({ pin: pinSchema });
export type OwnerOverride = z.infer<typeof ownerOverrideSchema>;

/** Adds the optional owner override to a method's input (the core refuses a cashier's call without it). */
export const withOwnerOverride = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject({ ...shape, ownerOverride: ownerOverrideSchema.optional() });

export const signInSchema = z.strictObject({ personId, pin: pinSchema });

export { GUARDED_ACTIONS, OWNER_OVERRIDE_FIELD, type GuardedAction } from './guarded-actions';
