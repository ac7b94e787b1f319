/**
 * "The shop's real invoicing service" for the service-mode tests: the sandbox as its own process, with faults on,
 * a database file and a port that survive a stop/start (so the till finds it again at the same address, with the
 * same documents). The test talks to it with a token of its own; every call is time-bounded.
 */
import { join } from 'node:path';
import { spawnSandbox, type SandboxProcess } from '../support/sandbox-process';

export interface InvoicingService {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The service's documents for one reference_code (the filter of GET /v1/documents). */
  documentsFor(referenceCode: string): Promise<Array<{ id: string; status: string; errors: string[] }>>;
  faults(settings: Record<string, unknown>): Promise<void>;
}

const CALL_TIMEOUT_MS = 10_000;

export async function startInvoicingService(opts: { dir: string; clientId: string; clientSecret: string; validationDelayMs: number }): Promise<InvoicingService> {
  const flags = (port: number) => [
    '--port', String(port), '--db', join(opts.dir, 'service.sqlite'), '--faults', '--client-id', opts.clientId,
    '--client-secret', opts.clientSecret, '--validation-delay-ms', String(opts.validationDelayMs),
  ];
  let running: SandboxProcess | null = await spawnSandbox(flags(0));
  const baseUrl = running.baseUrl;
  const port = Number(new URL(baseUrl).port);

  async function request(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(baseUrl + path, {
      method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }), signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
    return JSON.parse(text) as unknown;
  }
  const token = async () => ((await request('POST', '/v1/oauth/token', {
    grant_type: 'client_credentials', client_id: opts.clientId, client_secret: opts.clientSecret,
  })) as { access_token: string }).access_token;

  return {
    baseUrl,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    async start() {
      if (!running) running = await spawnSandbox(flags(port));
      if (running.baseUrl !== baseUrl) throw new Error(`the service came back at ${running.baseUrl}, not ${baseUrl}`);
    },
    async stop() {
      const current = running;
      running = null;
      await current?.stop();
    },
    async documentsFor(referenceCode) {
      const page = await request('GET', `/v1/documents?per_page=100&reference_code=${encodeURIComponent(referenceCode)}`, undefined, await token());
      return (page as { data: Array<{ id: string; status: string; errors: string[] }> }).data;
    },
    async faults(settings) {
      await request('POST', '/sandbox/faults', settings, await token());
    },
  };
}
