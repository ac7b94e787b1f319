/**
 * The one error type the invoicing API client throws. Callers (the sync engine, Settings) decide what to do
 * from `kind` and `ambiguous` alone, never from undici or HTTP details.
 */
export type ApiErrorKind = 'transient' | 'permanent' | 'auth' | 'contract';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  code?: string;
  details?: string[];
  ambiguous?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  /** The service's machine code, or ours (`NETWORK`, `TIMEOUT`, `CONNECTION_LOST`, `BAD_RESPONSE`, `RANGE_INVALID`). */
  readonly code?: string;
  readonly details: string[];
  /** True when the request may have reached the service and we cannot know whether it acted on it. */
  readonly ambiguous: boolean;
  readonly retryAfterMs?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    this.details = init.details ?? [];
    this.ambiguous = init.ambiguous ?? false;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  /** Worth trying again later with the same request (a contract error may be a one-off garbled reply). */
  get retryable(): boolean {
    return this.kind === 'transient' || this.kind === 'contract';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The same failure with some facts changed (errors are immutable once thrown). */
export function copyApiError(error: ApiError, changes: Partial<ApiErrorInit>): ApiError {
  const base: ApiErrorInit = {
    kind: error.kind,
    message: error.message,
    details: error.details,
    ambiguous: error.ambiguous,
    cause: error,
  };
  if (error.status !== undefined) base.status = error.status;
  if (error.code !== undefined) base.code = error.code;
  if (error.retryAfterMs !== undefined) base.retryAfterMs = error.retryAfterMs;
  return new ApiError({ ...base, ...changes });
}
