/** What a verified dump is checked by: the rows of the shop's main tables, counted in the source and in the copy. */
import type { Queryable } from '../db/adapter';

export const COUNTED_TABLES = ['sales', 'sale_lines', 'shifts', 'products', 'customers', 'people', 'tills'] as const;
export type ShopCounts = Record<(typeof COUNTED_TABLES)[number], number>;

export async function countShop(db: Queryable): Promise<ShopCounts> {
  const { rows } = await db.query<Record<string, number | string>>(
    `SELECT ${COUNTED_TABLES.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`);
  const row = rows[0]!;
  return Object.fromEntries(COUNTED_TABLES.map((t) => [t, Number(row[t])])) as ShopCounts;
}

/** Refuses a copy whose counts differ from the source's, naming each table that differs. */
export function assertSameCounts(source: ShopCounts, copy: ShopCounts): void {
  const differ = COUNTED_TABLES.filter((t) => source[t] !== copy[t]).map((t) => `${t}: ${source[t]} in the shop, ${copy[t]} in the copy`);
  if (differ.length > 0) throw new DumpRefused(`the restored copy does not hold what the shop holds (${differ.join('; ')})`);
}

export class DumpRefused extends Error {}
