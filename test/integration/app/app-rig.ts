/**
 * The composed app as the shells run it (real SQLite file, real embedded demo sandbox, real keychain under a
 * throwaway service name), with shortened timings so a sale validates in well under a second.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composePosApp, type ComposedApp, type ComposeOptions } from '../../../electron/compose';
import type { PosEvent } from '../../../electron/core/app/pos-app';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import { createKeytarCredentialStore } from '../../../electron/core/secrets/keytar-store';
import type { BridgeEnvelope, BridgeInput, BridgeMethod, BridgeResult } from '../../../shared/bridge/contract';
import { FAST_API, FAST_ENGINE } from '../../support/sync-rig';

export interface AppRig {
  composed: ComposedApp;
  dataDir: string;
  keychainService: string;
  logs: string[];
  events: PosEvent[];
  /** Every envelope any call returned, to check nothing secret ever crossed the bridge. */
  results: unknown[];
  call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>>;
  /** Like call, but fails the test on an error envelope. */
  value<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeResult<M>>;
  /** All bytes of the data folder's files (the SQLite file with its WAL and the demo service's file). */
  dataFilesText(): string;
  close(): Promise<void>;
}

/** `seed` may write the data folder (e.g. sales from an earlier run) before the app starts on it. */
export async function startAppRig(seed?: (dataDir: string) => void, opts: { shop?: ComposeOptions['shop'] } = {}): Promise<AppRig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-app-'));
  seed?.(dataDir);
  const keychainService = `MostradorTest-${randomUUID()}`;
  const logs: string[] = [];
  const events: PosEvent[] = [];
  const results: unknown[] = [];
  const composed = await composePosApp({
    dataDir, shell: 'browser', version: '0.0.0-test', keychainService, demoValidationDelayMs: 100,
    api: FAST_API, engine: FAST_ENGINE, log: (line) => logs.push(line), ...(opts.shop ? { shop: opts.shop } : {}),
  });
  composed.app.subscribe((e) => events.push(e));
  const call = async <M extends BridgeMethod>(method: M, input: BridgeInput<M>) => {
    const envelope = await dispatch(composed.app.handlers, method, input, { onInternalError: (m, e) => logs.push(`${m}: ${String(e)}`) });
    results.push(envelope);
    return envelope as BridgeEnvelope<BridgeResult<M>>;
  };
  return {
    composed, dataDir, keychainService, logs, events, results, call,
    async value(method, input) {
      const envelope = await call(method, input);
      if (!envelope.ok) throw new Error(`${method} failed: ${JSON.stringify(envelope.error)}`);
      return envelope.value;
    },
    dataFilesText() {
      // Every file of the data folder, those in its sub-folders (uploads/) too.
      return readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1')).join('\n');
    },
    async close() {
      await composed.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function forgetSecret(service: string, baseUrl: string, clientId: string): Promise<void> {
  await createKeytarCredentialStore({ service }).deleteClientSecret({ baseUrl, clientId }).catch(() => false);
}

export async function waitForState(rig: AppRig, saleId: number, state: string, timeoutMs = 15_000): Promise<void> {
  let current = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const detail = await rig.value('sales.get', { id: saleId });
    current = detail?.state ?? '';
    if (current === state) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sale ${saleId} did not reach ${state} within ${timeoutMs} ms (it is ${current})`);
}

export const CASH = { form_code: '1', means_code: '10' };
export const ITEMS = [
  { code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
  { code: 'ALM-EJE', name: 'Almuerzo ejecutivo', quantity: 2, unit_measure: '94', price: 16000, discount_rate: 10, taxes: [{ code: '04', rate: 8 }] },
];
