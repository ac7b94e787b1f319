/** The dictionary's shape comes from the Spanish one (the default); English must provide every entry. */
import type { es } from './es';

export type Messages = typeof es;
/** Keys whose entry is plain text (pure modules return these, so they stay language-free). */
export type MessageKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];
