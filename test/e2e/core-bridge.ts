/**
 * The test reads what the core knows (a sale's reference, number, CUFE, QR URL) through the same bridge the page
 * uses: POST /bridge/<method> with the app's per-launch key. Read-only look-ups; the cashier's actions go through the UI.
 */
import type { BridgeInput, BridgeMethod, BridgeResult } from '../../shared/bridge/contract';
import type { AppProcess } from './app-process';

export async function callCore<M extends BridgeMethod>(app: AppProcess, method: M, input: BridgeInput<M>): Promise<BridgeResult<M>> {
  const res = await fetch(`${app.origin}/bridge/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mostrador-key': app.key },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(10_000),
  });
  const envelope = await res.json() as { ok: true; value: BridgeResult<M> } | { ok: false; error: { code: string; message: string } };
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/** The till's most recent sale (History lists newest first). */
export async function latestSale(app: AppProcess) {
  const { sales } = await callCore(app, 'sales.search', { limit: 1 });
  const sale = sales[0];
  if (!sale) throw new Error('no sale in the history');
  const detail = await callCore(app, 'sales.get', { id: sale.id });
  if (!detail) throw new Error(`sale ${sale.id} vanished`);
  return detail;
}
