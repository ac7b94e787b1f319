/**
 * The reasons a charge refused for want of an open shift carries (issue 26), apart from the shift schemas so the
 * counter's first download can tell them without zod: 'ask' — Cobrar asks to open the shift there and then;
 * 'refuse' — the owner set the till to charge only once a shift is opened in Turnos. Also a charge with nobody
 * signed in at a till with people.
 */
export const NO_SHIFT_REASONS = { ask: 'NO_SHIFT_OPEN', refuse: 'NO_SHIFT_REFUSED' } as const;
export const NOBODY_SIGNED_IN = 'NOBODY_SIGNED_IN';
