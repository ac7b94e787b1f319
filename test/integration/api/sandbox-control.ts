/**
 * The test's own line to the sandbox's control routes (faults, counters, revocation), kept apart from the
 * client under test so the client's statistics only show the client's traffic. Every call is time-bounded.
 * (Its own token request counts against the sandbox's rate limit like any other.)
 */
import { serializeInvoiceRequest } from '../../../shared/api/invoice-request';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/server';
import { createInvoicingApi, type InvoicingApi, type InvoicingApiOptions } from '../../../common/invoicing/invoicing-api';
import { validInvoiceRequest } from '../../support/invoice-body';

const CALL_TIMEOUT_MS = 10_000;

export interface SandboxCounters {
  requests: Record<string, number>;
  tokens_issued: number;
  documents: number;
  numbers_consumed: number;
  http_429: number;
}

export interface SandboxControl {
  faults(settings: Record<string, unknown>): Promise<void>;
  counters(): Promise<SandboxCounters>;
  revokeTokens(): Promise<void>;
}

async function post(sb: RunningSandbox, path: string, body: unknown): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const res = await fetch(sb.baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/**
 * Uses tokens of its own, renewed on a 401 (short-lived or revoked); `counters().tokens_issued` leaves them out,
 * so it counts only the tokens the client under test asked for.
 */
export async function controlSandbox(sb: RunningSandbox): Promise<SandboxControl> {
  let ownTokens = 0;
  let token = '';
  async function renew(): Promise<void> {
    const issued = (await post(sb, '/v1/oauth/token', {
      grant_type: 'client_credentials',
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
    })) as { access_token: string };
    ownTokens++;
    token = issued.access_token;
  }
  async function authorized(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await fetch(sb.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = await res.text();
      if (res.status === 401 && attempt === 0) {
        await renew();
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
      return JSON.parse(text) as unknown;
    }
    throw new Error(`${method} ${path}: still 401 with a new token`);
  }
  await renew();
  return {
    async faults(settings) {
      await authorized('POST', '/sandbox/faults', settings);
    },
    async counters() {
      const counters = (await authorized('GET', '/sandbox/counters')) as SandboxCounters;
      return { ...counters, tokens_issued: counters.tokens_issued - ownTokens };
    },
    async revokeTokens() {
      await authorized('POST', '/sandbox/tokens/revoke', {});
    },
  };
}

/** A sandbox with fault routes and a short validation delay, as every test here wants. */
export function startTestSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ faults: true, validationDelayMs: 100, ...opts });
}

/** The client under test, pointed at the sandbox, with small retry delays so failures resolve quickly. */
export function clientFor(sb: RunningSandbox, overrides: Partial<InvoicingApiOptions> = {}): InvoicingApi {
  return createInvoicingApi({
    baseUrl: sb.baseUrl,
    clientId: sb.clientId,
    getClientSecret: async () => sb.clientSecret,
    timeouts: { connectMs: 2_000, totalMs: 5_000 },
    retry: { maxAttempts: 4, baseMs: 20, capMs: 200, maxElapsedMs: 10_000 },
    ...overrides,
  });
}

/** A valid invoice for the consumidor final, as the exact bytes the client sends. */
export function invoiceBody(referenceCode: string, numberingRangeId: string): string {
  return serializeInvoiceRequest(validInvoiceRequest(numberingRangeId, referenceCode));
}
