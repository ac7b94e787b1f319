import { z } from 'zod';
import { ContractError } from './errors';
import { expecting, problemsFromIssues, type FieldProblem } from './field-problems';
import { isRecord, readText, type JsonObject } from './loose-json';

export interface TokenRequest {
  grant_type: 'client_credentials';
  client_id: string;
  client_secret: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  /** Seconds. */
  expires_in: number;
}

/** The spec's token lifetime, used when a token response does not state one. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

const tokenRequestSchema = z.strictObject(
  {
    grant_type: z
      .string(expecting('a string'))
      .refine((value) => value === 'client_credentials', { error: 'must be client_credentials' }),
    client_id: z.string(expecting('a string')).startsWith('fc_', { error: 'must start with fc_' }),
    client_secret: z.string(expecting('a string')).min(1, { error: 'must not be empty' }),
  },
  expecting('an object'),
);

export function validateTokenRequest(
  body: unknown,
): { ok: true; value: TokenRequest } | { ok: false; problems: FieldProblem[] } {
  try {
    const result = tokenRequestSchema.safeParse(body);
    if (!result.success) return { ok: false, problems: problemsFromIssues(result.error.issues, 'request body') };
    const { client_id, client_secret } = result.data;
    return { ok: true, value: { grant_type: 'client_credentials', client_id, client_secret } };
  } catch {
    return { ok: false, problems: [{ field: '', message: 'request body could not be read' }] };
  }
}

/**
 * Reads a token answer, bare or wrapped in `{data: {...}}`. Throws ContractError without an access token.
 * The messages never include the token itself.
 */
export function readTokenResponse(body: unknown): TokenResponse {
  const obj: JsonObject | null = isRecord(body) ? (isRecord(body.data) && !('access_token' in body) ? body.data : body) : null;
  if (obj === null) throw new ContractError('expected a token object from the invoicing service');
  const accessToken = typeof obj.access_token === 'string' && obj.access_token.trim() !== '' ? obj.access_token : null;
  if (accessToken === null) throw new ContractError('the token answer from the invoicing service has no access_token');
  return {
    access_token: accessToken,
    token_type: readText(obj.token_type) ?? 'Bearer',
    expires_in: readLifetime(obj.expires_in),
  };
}

function readLifetime(value: unknown): number {
  const seconds = typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOKEN_LIFETIME_SECONDS;
}
