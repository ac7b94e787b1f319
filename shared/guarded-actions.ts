/** What a cashier needs the owner for, without zod: the counter's PIN flow uses these on its first render. */

/** What a cashier cannot do alone; the override log names the action with these words. */
export const GUARDED_ACTIONS = ['price', 'catalog', 'customer-tax', 'settings', 'retry', 'people', 'overrides', 'correction'] as const;
export type GuardedAction = (typeof GUARDED_ACTIONS)[number];

/** The field a refusal names when an owner's PIN would allow the call (forms open the PIN dialog on it). */
export const OWNER_OVERRIDE_FIELD = 'ownerOverride';
