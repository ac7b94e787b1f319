/**
 * Who may talk to the browser-mode host: only this machine (loopback peer), only under a loopback host name
 * (a forged Host is how DNS rebinding reaches a local server), and for the bridge only with the per-launch key.
 * Pure functions, so each rule has its own test.
 */
import { timingSafeEqual } from 'node:crypto';

/** IPv4 127.0.0.0/8, IPv6 ::1, and IPv4-mapped loopback (::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (plain === '::1' || plain === '0:0:0:0:0:0:0:1') return true;
  const parts = plain.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** The Host header must name this host on a loopback name and our own port. */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const match = /^(127\.0\.0\.1|localhost|\[::1\]):(\d{1,5})$/i.exec(hostHeader.trim());
  return match !== null && Number(match[2]) === port;
}

/** A request from a page must come from our own origin (or carry no Origin at all, like curl). */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && isAllowedHost(url.host, port);
  } catch {
    return false;
  }
}

/** Constant-time comparison, so the key cannot be guessed a character at a time. */
export function keyMatches(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
