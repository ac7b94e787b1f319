/** OAuth client-credentials tokens: issuing them, checking bearers, revoking them all. */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { validateTokenRequest } from '../shared/api/token';
import { bumpCounter, metaOrCreate, type SandboxDb } from './db';
import { failure, json, type Reply } from './http-io';
import { signJwt, verifyJwt } from './jwt';

export interface TokenServiceOptions {
  clientId: string;
  clientSecret: string;
  ttlSeconds: number;
  now: () => number;
}

export interface TokenService {
  /** Handles a parsed POST /v1/oauth/token body. */
  issue(body: unknown): Reply;
  /** The client behind an `Authorization` header, or null for a missing, malformed, forged, expired or revoked bearer. */
  authenticate(header: string | undefined): string | null;
  /** Invalidates every token issued so far. */
  revokeAll(): void;
}

// Comparing digests keeps the comparison constant-time whatever the lengths.
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function createTokenService(db: SandboxDb, opts: TokenServiceOptions): TokenService {
  // Persisted so tokens stay valid across a restart on the same database file.
  const key = Buffer.from(metaOrCreate(db, 'jwt_signing_key', () => randomBytes(32).toString('hex')), 'hex');
  const insertToken = db.prepare('INSERT INTO tokens (jti, client_id, issued_at, expires_at) VALUES (?, ?, ?, ?)');
  const findToken = db.prepare('SELECT client_id, revoked FROM tokens WHERE jti = ?');

  return {
    issue(body) {
      const checked = validateTokenRequest(body);
      if (!checked.ok) {
        const grantProblem = checked.problems.some((p) => p.field === 'grant_type');
        const message = grantProblem ? 'grant_type must be client_credentials' : 'invalid token request';
        return failure(400, 'VALIDATION', message, checked.problems);
      }
      const { grant_type, client_id, client_secret } = checked.value;
      // Defensive duplicates of the shared schema's rules, so the sandbox stays strict whatever that module allows.
      if (grant_type !== 'client_credentials') {
        return failure(400, 'VALIDATION', 'grant_type must be client_credentials', [
          { field: 'grant_type', message: 'grant_type must be client_credentials' },
        ]);
      }
      if (!client_id.startsWith('fc_')) {
        return failure(400, 'VALIDATION', 'client_id must start with fc_', [{ field: 'client_id', message: 'client_id must start with fc_' }]);
      }
      if (client_secret === '') {
        return failure(400, 'VALIDATION', 'client_secret must not be empty', [{ field: 'client_secret', message: 'client_secret must not be empty' }]);
      }
      if (!sameSecret(client_id, opts.clientId) || !sameSecret(client_secret, opts.clientSecret)) {
        return failure(401, 'UNAUTHORIZED', 'invalid client_id or client_secret', []);
      }
      const iat = Math.floor(opts.now() / 1000);
      const claims = { sub: client_id, iat, exp: iat + opts.ttlSeconds, jti: randomUUID() };
      db.transaction(() => {
        insertToken.run(claims.jti, claims.sub, claims.iat, claims.exp);
        bumpCounter(db, 'tokens_issued');
      })();
      return json(200, { access_token: signJwt(claims, key), token_type: 'Bearer', expires_in: opts.ttlSeconds });
    },

    authenticate(header) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
      if (!match?.[1]) return null;
      const claims = verifyJwt(match[1], key);
      if (!claims || claims.exp <= Math.floor(opts.now() / 1000)) return null;
      if (claims.sub !== opts.clientId) return null;
      const row = findToken.get(claims.jti) as { client_id: string; revoked: number } | undefined;
      if (!row || row.revoked !== 0 || row.client_id !== claims.sub) return null;
      return claims.sub;
    },

    revokeAll() {
      db.prepare('UPDATE tokens SET revoked = 1 WHERE revoked = 0').run();
    },
  };
}
