/**
 * A real core wired to a real sandbox over HTTP on 127.0.0.1: the store on a temp SQLite file, the API client,
 * the sync engine. Timings are shortened so tests run in seconds; nothing is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/server';
import { createInvoicingApi, type InvoicingApi, type InvoicingApiOptions } from '../../common/invoicing/invoicing-api';
import { openStore, type Store } from '../../electron/core/store';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../electron/core/sync/sync-engine';

export interface Rig {
  sandbox: RunningSandbox;
  store: Store;
  api: InvoicingApi;
  engine: SyncEngine;
  dir: string;
  dbPath: string;
  /** Calls a sandbox-only route with the rig's own token (for faults and counters). */
  sandboxCall(method: string, path: string, body?: unknown): Promise<any>;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const FAST_ENGINE: Partial<SyncEngineOptions> = {
  retry: { baseMs: 50, capMs: 500 },
  poll: { initialMs: 100, maxMs: 500, perPage: 100, maxLookups: 20 },
  probe: { baseMs: 50, capMs: 400 },
  idleCheckMs: 100,
};

export const FAST_API: Partial<InvoicingApiOptions> = {
  retry: { maxAttempts: 4, baseMs: 20, capMs: 200, maxElapsedMs: 3_000 },
  timeouts: { connectMs: 1_000, totalMs: 3_000 },
};

export async function startRig(opts: {
  sandbox?: SandboxOptions;
  api?: Partial<InvoicingApiOptions>;
  engine?: Partial<SyncEngineOptions>;
  secret?: string;
} = {}): Promise<Rig> {
  const sandbox = await startSandbox({ faults: true, validationDelayMs: 100, ...opts.sandbox });
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-rig-'));
  const dbPath = join(dir, 'mostrador.sqlite');
  const store = openStore({ path: dbPath });
  const api = createInvoicingApi({
    baseUrl: sandbox.baseUrl,
    clientId: sandbox.clientId,
    getClientSecret: async () => opts.secret ?? sandbox.clientSecret,
    ...FAST_API,
    ...opts.api,
  });
  const engine = createSyncEngine({ store, api, ...FAST_ENGINE, ...opts.engine });
  let token: string | null = null;
  async function sandboxCall(method: string, path: string, body?: unknown): Promise<any> {
    if (token === null) {
      const res = await fetch(`${sandbox.baseUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: sandbox.clientId, client_secret: sandbox.clientSecret }),
        signal: AbortSignal.timeout(5_000),
      });
      token = ((await res.json()) as { access_token: string }).access_token;
    }
    const res = await fetch(sandbox.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return {
    sandbox, store, api, engine, dir, dbPath, sandboxCall,
    waitFor: (predicate, timeoutMs = 15_000) => waitFor(predicate, timeoutMs),
    async close() {
      await engine.stop();
      await api.close();
      store.close();
      await sandbox.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function waitFor(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
