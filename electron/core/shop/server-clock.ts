/**
 * The shop server's clock as this till knows it (issue 25). Shop PCs often keep bad time; the server refuses a
 * signature whose time is more than SHOP_LIMITS.signatureSkewMs from its own, so the till signs with the server's
 * time instead of its own: `now()` is the till's clock corrected by the offset learnt from the server's answers.
 *
 * Every answer carries the server's time (SERVER_TIME_HEADER), taken as the answer was written, so somewhere between
 * the moment the request left and the moment the answer arrived: the offset (server − till) lies within
 * [serverTime − receivedAt, serverTime − sentAt], whose middle is the estimate and whose half-width (half the round
 * trip) its uncertainty. As cloud SDKs correct clock skew, the estimate is the middle of the recent sample with the
 * shortest round trip; a long-poll's answer (a round trip of half a minute) adds little, a quick push decides. Absurd
 * samples (a missing or garbled header, a negative round trip because the till's clock moved while it waited) are
 * ignored. A sample whose interval excludes the estimate by more than its own uncertainty means the till's clock was
 * set meanwhile (someone fixed it, or the PC slept): the older samples are dropped and the new one stands.
 */
import { CLOCK_LIMITS } from '../../../shared/shop/contract';

export interface ClockSample { sentAt: number; receivedAt: number; serverTime: number }

export interface ServerClockOptions {
  /** This till's own clock (Date.now, or a test's). */
  localNow?: () => number;
  /** How long a sample counts (ms): long enough to outlive a few long-polls, short enough to follow drift. */
  sampleLifeMs?: number;
  /** Samples kept at most. */
  maxSamples?: number;
  /** A sample whose round trip is longer (ms) never decides alone when a shorter one is at hand: ignored above it. */
  maxRoundTripMs?: number;
}

export class ServerClock {
  private readonly localNow: () => number;
  private readonly life: number;
  private readonly max: number;
  private readonly maxRoundTrip: number;
  private samples: Array<ClockSample & { offset: number; halfWidth: number }> = [];
  private current: number | null = null;

  constructor(opts: ServerClockOptions = {}) {
    this.localNow = opts.localNow ?? Date.now;
    this.life = opts.sampleLifeMs ?? 10 * 60_000;
    this.max = opts.maxSamples ?? 16;
    this.maxRoundTrip = opts.maxRoundTripMs ?? 120_000;
  }

  /** The till's own clock, for timing a request's round trip. */
  local(): number {
    return this.localNow();
  }

  /** server − till (ms) as best known; null before any answer was heard. */
  offset(): number | null {
    return this.current;
  }

  /** The server's time now as best known (the till's own while nothing is known). */
  now(): number {
    return this.localNow() + (this.current ?? 0);
  }

  /**
   * Learns from one answer: `serverTime` the header's text (or number), `sentAt` and `receivedAt` the till's clock
   * when the request left and the answer arrived. Returns whether the sample was used.
   */
  observe(sentAt: number, receivedAt: number, serverTime: string | number | null | undefined): boolean {
    const server = typeof serverTime === 'number' ? serverTime : parseServerTime(serverTime);
    if (server === null || !Number.isFinite(sentAt) || !Number.isFinite(receivedAt)) return false;
    const roundTrip = receivedAt - sentAt;
    if (roundTrip < 0 || roundTrip > this.maxRoundTrip) return false;
    const offset = Math.round(server - (sentAt + receivedAt) / 2);
    if (Math.abs(offset) > CLOCK_LIMITS.maxOffsetMs) return false;
    const sample = { sentAt, receivedAt, serverTime: server, offset, halfWidth: roundTrip / 2 };
    // The interval the new sample allows, with a second's slack for the server stamping its header late: if the
    // estimate lies outside it, the till's clock (or the server's) was set since the older samples: start afresh.
    if (this.current !== null && Math.abs(this.current - offset) > sample.halfWidth + 1_000) this.samples = [];
    this.samples = this.samples.filter((s) => receivedAt - s.receivedAt <= this.life && s.receivedAt <= receivedAt);
    this.samples.push(sample);
    if (this.samples.length > this.max) this.samples.shift();
    let best = this.samples[0]!;
    for (const s of this.samples) if (s.halfWidth < best.halfWidth || (s.halfWidth === best.halfWidth && s.receivedAt > best.receivedAt)) best = s;
    this.current = best.offset;
    return true;
  }
}

/** The header's value as a time, or null when it is not a plausible one (digits only, after 2020, before 10000). */
export function parseServerTime(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || !/^\d{13,16}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= 1_577_836_800_000 && value <= 253_402_300_799_000 ? value : null;
}
