/**
 * The till↔server contract's version (issue 27). Shops update one till at a time, so a till and its server are often
 * of different versions. Every request of a till and every answer of the server carries the version its sender
 * speaks as `X-Mostrador-Contract: N`; a sender without the header speaks version 1 (tills and servers before issue 27).
 *
 * The rule, on both sides:
 *  - A peer within CONTRACT_TOLERANCE versions is served. Reading is tolerant of a newer peer: fields this side does
 *    not know are ignored (`tolerantParse`), and fields a newer version adds are optional with a default, so an older
 *    peer that leaves them out is read as before. A version never renames or removes a field the previous one sends.
 *  - A peer further away is told which side to update (`contract_version`, HTTP 426, `update: 'till' | 'server'`).
 *    The till keeps every sale in its queue and says so in the status bar and Settings; nothing is set aside for it.
 *
 * Versions: 1 — issue 20 to 26 (no header). 2 — the header itself; tolerant reading of a newer peer.
 */
import type { z } from 'zod';

export const CONTRACT_VERSION = 2;
export const CONTRACT_HEADER = 'X-Mostrador-Contract';
/** What a peer that sends no header speaks. */
export const UNVERSIONED_CONTRACT = 1;
/** How many versions apart a till and a server still work together. */
export const CONTRACT_TOLERANCE = 1;
/** The refusal's code (HTTP 426) when a till and a server are too far apart. */
export const CONTRACT_REFUSED = 'contract_version';

/** The version a header says: absent → 1; null when it is there but not a version (a broken peer). */
export function contractVersionOf(header: string | readonly string[] | null | undefined): number | null {
  if (header === undefined || header === null) return UNVERSIONED_CONTRACT;
  const text = Array.isArray(header) ? header[0] : header;
  if (typeof text !== 'string' || !/^\d{1,4}$/.test(text.trim())) return null;
  const version = Number(text.trim());
  return version >= 1 ? version : null;
}

/** Which side has to update for `ours` and `theirs` to work together; null when they work together as they are. */
export function sideToUpdate(ours: number, theirs: number, isServer: boolean): 'till' | 'server' | null {
  if (Math.abs(ours - theirs) <= CONTRACT_TOLERANCE) return null;
  const oursIsOlder = ours < theirs;
  if (isServer) return oursIsOlder ? 'server' : 'till';
  return oursIsOlder ? 'till' : 'server';
}

type Issue = { code: string; path: PropertyKey[]; keys?: string[]; errors?: Issue[][] };

/**
 * Parses `value` with `schema`, ignoring the fields it does not know (a newer peer's): every "unrecognized key" is
 * dropped from a copy and the copy parsed again, a few rounds at most (a dropped key may uncover a nested one).
 * Anything else wrong is refused as the plain parse would.
 */
export function tolerantParse<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  let current = value;
  let result = schema.safeParse(current);
  for (let round = 0; round < 8 && !result.success; round++) {
    const drops = unknownKeys(result.error.issues as unknown as Issue[], []);
    if (drops === null || drops.length === 0) return result;
    current = JSON.parse(JSON.stringify(current)) as unknown;
    for (const { path, key } of drops) {
      const holder = path.reduce<unknown>((at, step) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[step] : undefined), current);
      if (holder !== null && typeof holder === 'object' && !Array.isArray(holder)) delete (holder as Record<string, unknown>)[key];
    }
    result = schema.safeParse(current);
  }
  return result;
}

/** The unknown keys the issues name (with their object's path); null when an issue is anything else. */
function unknownKeys(issues: readonly Issue[], prefix: PropertyKey[]): Array<{ path: PropertyKey[]; key: string }> | null {
  const drops: Array<{ path: PropertyKey[]; key: string }> = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) drops.push({ path, key });
      continue;
    }
    if (issue.code === 'invalid_union' && issue.errors) {
      // The branch whose only complaints are unknown keys is the one a newer peer meant.
      const branch = issue.errors.map((e) => unknownKeys(e, path)).find((d) => d !== null && d.length > 0);
      if (!branch) return null;
      drops.push(...branch);
      continue;
    }
    return null;
  }
  return drops;
}
