/**
 * Records of the shop server's change feed that a till could not apply (issue 27): a name clash, a rule the till's
 * store refuses, a record this till's version does not understand. The till sets each aside (one per record key,
 * the newest), moves its cursor on so everything after it keeps flowing, tries it again when something may have
 * resolved it, and reports its list to the server so Tienda shows it per till. This module words each reason in
 * Spanish with what to do, for the till's screens and for Tienda alike (the till sends the words it showed).
 *
 *   POST /v1/feed/aside   feedAsideReportSchema → { ok: true }   (signed; the till's whole current list, replacing
 *                                                                 the last one; an empty list clears it)
 */
import { z } from 'zod';

export const FEED_ASIDE_PATH = '/v1/feed/aside';

/** Why a record was set aside: a person's name another person has here, a rule this till refuses, a record it cannot read. */
export const FEED_ASIDE_REASONS = ['name_clash', 'refused', 'malformed'] as const;
export type FeedAsideReason = (typeof FEED_ASIDE_REASONS)[number];

/** How many set-aside records a till lists in one report (the count carries the rest). */
export const FEED_ASIDE_LISTED = 50;

const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const feedAsideRecordSchema = z.strictObject({
  /** The feed's seq of the version set aside, its kind (product, customer, person, till, setting) and key. */
  seq: counter,
  kind: z.string().max(20),
  key: z.string().max(120),
  /** What the owner recognises: a person's name, a product's code and name. */
  label: z.string().max(200),
  reasonCode: z.enum(FEED_ASIDE_REASONS),
  /** Spanish, for the owner: what happened, and what to do. */
  reason: z.string().max(400),
  action: z.string().max(400),
  /** When it was first set aside (ms, the till's clock). */
  since: counter,
});
export type FeedAsideRecord = z.infer<typeof feedAsideRecordSchema>;

export const feedAsideReportSchema = z.strictObject({
  count: counter,
  records: z.array(feedAsideRecordSchema).max(FEED_ASIDE_LISTED),
});
export type FeedAsideReport = z.infer<typeof feedAsideReportSchema>;
export const feedAsideReportResultSchema = z.strictObject({ ok: z.literal(true) });

const KIND_WORDS: Record<string, string> = {
  product: 'del producto',
  customer: 'del cliente',
  person: 'de la persona',
  till: 'de la caja',
  setting: 'del ajuste',
};

/** The Spanish reason and what to do, from the reason's code, the record's kind and label, and a short detail. */
export function wordFeedAside(code: FeedAsideReason, kind: string, label: string, detail: string): { reason: string; action: string } {
  const what = KIND_WORDS[kind] ?? 'de un registro';
  const named = label ? ` «${label}»` : '';
  switch (code) {
    case 'name_clash':
      return {
        reason: `La persona${named} que llegó del servidor tiene el mismo nombre que otra persona de la caja.`,
        action:
          'Cambie el nombre de una de las dos: en Personas (en la caja) o en Tienda → Personas de la tienda. ' +
          'En cuanto los nombres son distintos, el cambio se aplica solo y desaparece de la lista.',
      };
    case 'refused':
      return {
        reason: `Esta caja no pudo aplicar el cambio ${what}${named} que llegó del servidor (${detail}).`,
        action:
          'Corrija ese registro en Tienda; su siguiente versión reemplaza a esta y se aplica sola. ' +
          'Si vuelve a pasar, actualice Mostrador en esta caja.',
      };
    case 'malformed':
      return {
        reason: `El servidor envió un cambio ${what}${named} que esta versión de la caja no entiende (${detail}).`,
        action:
          'Actualice Mostrador en esta caja (o el servidor, si es el más antiguo) a la misma versión. ' +
          'Mientras tanto, los demás cambios siguen llegando.',
      };
  }
}

/** The status bar's hint: «N cambios del servidor sin aplicar». */
export function feedAsideHint(count: number): string {
  return count === 1 ? '1 cambio del servidor sin aplicar' : `${count} cambios del servidor sin aplicar`;
}
