/** HS256 JSON Web Tokens with node:crypto; only what the sandbox issues and checks. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  sub: string;
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(data: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

export function signJwt(claims: AccessClaims, key: Buffer): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, key).toString('base64url')}`;
}

/** Claims of a well-formed token with a valid signature, or null. Expiry is the caller's decision. */
export function verifyJwt(token: string, key: Buffer): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = sign(`${header}.${payload}`, key);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    // Refuse anything but HS256 so "alg: none" tricks cannot pass even with a matching signature.
    if (head.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || typeof claims.jti !== 'string') {
      return null;
    }
    return { sub: claims.sub, iat: claims.iat, exp: claims.exp, jti: claims.jti };
  } catch {
    return null;
  }
}
