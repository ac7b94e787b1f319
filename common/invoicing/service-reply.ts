/**
 * What a reply from the invoicing service means for the caller: which statuses are worth retrying, which need
 * a new token, and how a 2xx we cannot read is reported. Pure, so every path is unit-tested without a server.
 */
import { readErrorBody } from '../../shared/api/errors';
import { ApiError } from './errors';
import type { HttpResponse } from './http';
import { parseRetryAfter } from './retry';

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Null for any 2xx; otherwise the ApiError the reply stands for, with the service's own human message. `afterPost`:
 * a 5xx to a POST may come from a gateway that forwarded it and then failed, so the service may have acted on it
 * (ambiguous); a 4xx is a definite refusal of the request.
 */
export function failureFromResponse(response: HttpResponse, nowMs: number, opts: { afterPost?: boolean } = {}): ApiError | null {
  const { status } = response;
  if (isSuccess(status)) return null;
  const reading = readErrorBody(response.json ?? response.bodyText, status);
  const common = { status, code: reading.code, message: reading.message, details: reading.details };
  if (status === 401) return new ApiError({ ...common, kind: 'auth' });
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], nowMs);
    return new ApiError({ ...common, kind: 'transient', ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
  // 408 and 5xx: the service (or a proxy in front of it) may do better in a moment.
  if (status >= 500) return new ApiError({ ...common, kind: 'transient', ambiguous: opts.afterPost === true });
  if (status === 408) return new ApiError({ ...common, kind: 'transient' });
  // 400, 404, 409, 422 and any other status: the same request will get the same answer.
  return new ApiError({ ...common, kind: 'permanent' });
}

/**
 * Reads a 2xx body with one of the tolerant readers. A body we cannot read is a 'contract' error, retryable:
 * it may be a one-off garbled reply. After a POST it is ambiguous, since the service did act on the request.
 */
export function readReply<T>(response: HttpResponse, reader: (body: unknown) => T, opts: { ambiguous: boolean }): T {
  if (response.json === undefined) {
    throw contractFailure(response.status, ['the body is not JSON'], opts.ambiguous);
  }
  try {
    return reader(response.json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw contractFailure(response.status, [reason], opts.ambiguous, error);
  }
}

function contractFailure(status: number, details: string[], ambiguous: boolean, cause?: unknown): ApiError {
  return new ApiError({
    kind: 'contract',
    status,
    code: 'BAD_RESPONSE',
    message: 'The invoicing service sent an answer this app cannot read',
    details,
    ambiguous,
    cause,
  });
}
