/**
 * Reference codes are the service's idempotency key, so they must never repeat across tills, reinstalls
 * or restored backups: `<till id>-<ULID>` where the ULID is a 48-bit millisecond time and 80 random bits,
 * both in Crockford base32 so codes sort by time and read unambiguously over the phone.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_CHARS = 10; // 48 bits of milliseconds fit in 50 bits
const RANDOM_CHARS = 16; // 80 bits
const MAX_TIME = 2 ** 48 - 1;

export const TILL_ID_LENGTH = 6;
export const REFERENCE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{6}-[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

function randomChars(count: number, random: () => number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = random();
    if (!(r >= 0 && r < 1)) throw new RangeError(`random() must return a number in [0, 1), got ${r}`);
    out += CROCKFORD[Math.floor(r * 32)];
  }
  return out;
}

function encodeTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_TIME) throw new RangeError(`time ${ms} cannot be encoded`);
  let out = '';
  let rest = ms;
  for (let i = 0; i < TIME_CHARS; i++) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** Adds one to a base32 string; null when it was all Z (overflow). */
function increment(chars: string): string | null {
  const digits = chars.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const value = CROCKFORD.indexOf(digits[i] ?? '');
    if (value < 31) {
      digits[i] = CROCKFORD[value + 1] ?? '';
      return digits.join('');
    }
    digits[i] = '0';
  }
  return null;
}

export function newTillId(random: () => number): string {
  return randomChars(TILL_ID_LENGTH, random);
}

/**
 * Returns a generator of reference codes for one till. Within one process codes strictly increase,
 * even when several sales share a millisecond or the clock steps back (the last time is reused and
 * the random part incremented, as monotonic ULIDs do).
 */
export function referenceCodes(tillId: string, now: () => number, random: () => number): () => string {
  let lastTime = -1;
  let lastRandom = '';
  return () => {
    let time = Math.floor(now());
    let randomPart: string;
    if (time <= lastTime) {
      time = lastTime;
      const next = increment(lastRandom);
      if (next === null) {
        time = lastTime + 1;
        randomPart = randomChars(RANDOM_CHARS, random);
      } else {
        randomPart = next;
      }
    } else {
      randomPart = randomChars(RANDOM_CHARS, random);
    }
    lastTime = time;
    lastRandom = randomPart;
    return `${tillId}-${encodeTime(time)}${randomPart}`;
  };
}

/** The millisecond time encoded in a reference code (for diagnostics and tests). */
export function referenceCodeTime(code: string): number {
  const time = code.slice(TILL_ID_LENGTH + 1, TILL_ID_LENGTH + 1 + TIME_CHARS);
  let ms = 0;
  for (const ch of time) ms = ms * 32 + CROCKFORD.indexOf(ch);
  return ms;
}
