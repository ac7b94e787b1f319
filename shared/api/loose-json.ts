/**
 * Small readers for JSON whose shape the spec leaves open ("not shown"). They never throw:
 * a value of the wrong kind reads as absent, so callers decide what absence means.
 */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string (numbers are accepted too, since some providers send ids and codes as numbers). */
export function readText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A non-negative integer, given as a JSON number or a string of digits. */
export function readCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) return Number(value);
  return null;
}

/** The first key (snake_case first, then the camelCase spelling) present with a usable value. */
export function pick<T>(obj: JsonObject, keys: readonly string[], read: (value: unknown) => T | null): T | null {
  for (const key of keys) {
    for (const spelling of [key, camelCase(key)]) {
      if (!Object.hasOwn(obj, spelling)) continue;
      const found = read(obj[spelling]);
      if (found !== null) return found;
    }
  }
  return null;
}

function camelCase(key: string): string {
  return key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
