/** Spanish (Colombia), the whole dictionary. Its shape is the dictionary's type; en.ts must match it. */
import { esBackOffice } from './es-back-office';
import { esFirst } from './es-first';
import { esLater } from './es-later';

export const es = { ...esFirst, ...esLater, ...esBackOffice };
