/** Spanish (Colombia), the whole dictionary. Its shape is the dictionary's type; en.ts must match it. */
import { esBackOffice } from './es-back-office';
import { esFirst } from './es-first';

export const es = { ...esFirst, ...esBackOffice };
