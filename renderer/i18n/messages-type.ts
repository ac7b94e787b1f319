/** The dictionary's shape comes from the Spanish one (the default); English must provide every entry. */
import type { es } from './es';
import type { esFirst } from './es-first';
import type { esLater } from './es-later';

export type Messages = typeof es;
/** The words of the first render (`es-first.ts`): what the counter's side may use. */
export type FirstMessages = typeof esFirst;
/** The counter's words once its late chunk is here (`counter-text.ts`): the first render's and `es-later.ts`. */
export type CounterMessages = FirstMessages & typeof esLater;
/** Keys whose entry is plain text (pure modules return these, so they stay language-free). */
export type MessageKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];
/** Plain-text keys of the first render's words. */
export type FirstMessageKey = { [K in keyof FirstMessages]: FirstMessages[K] extends string ? K : never }[keyof FirstMessages];
