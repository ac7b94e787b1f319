/**
 * `npm run bench:shop-confirm` (issue 28): the shop server's confirmation loop in a steady stream. Four paired tills
 * (signed HTTP clients) each send a sale to the sandbox every `--every` ms for `--seconds` s and watch it at the
 * server at once; the server (PGlite, its secret in the real keychain) confirms for all of them. Prints the server's
 * requests to the service per confirmed document (lists, single look-ups, tokens) and the time from the service's
 * acceptance to the outcome stored for the till (p50, p95), against the sandbox's own validation delay.
 *   --tills 4 --seconds 20 --every 500 --delay 300 --delay-max 1500
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { rateAccountKey } from '../../common/invoicing/account-key';
import { resolveNumberingRange } from '../../common/invoicing/range-selection';
import { keychainSecrets } from '../../server/confirm/keychain';
import { openStore } from '../../server/open-store';
import { startShopServer } from '../../server/server';
import { setServiceAccount } from '../../server/store/confirmations';
import { CONFIRM_WATCH_PATH } from '../../shared/shop/confirmations';
import { clientFor, controlSandbox, invoiceBody, startTestSandbox } from '../integration/api/sandbox-control';
import { ShopTill } from '../support/shop-till';

const { values } = parseArgs({
  options: {
    tills: { type: 'string', default: '4' }, seconds: { type: 'string', default: '20' }, every: { type: 'string', default: '500' },
    delay: { type: 'string', default: '300' }, 'delay-max': { type: 'string', default: '1500' },
  },
});
const TILLS = Number(values.tills);
const SECONDS = Number(values.seconds);
const EVERY = Number(values.every);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-confirm-'));
  const sandbox = await startTestSandbox({ validationDelayMs: Number(values.delay), validationDelayMaxMs: Number(values['delay-max']) });
  const api = clientFor(sandbox);
  const resolved = await resolveNumberingRange({ api, now: Date.now });
  if (!resolved.ok) throw new Error(resolved.message);
  const secrets = keychainSecrets(`Mostrador bench ${process.pid}`);
  const account = rateAccountKey(sandbox.baseUrl, sandbox.clientId);
  const db = await openStore({ pgliteDir: join(dir, 'pglite') });
  const adminToken = randomBytes(24).toString('base64url');
  const server = await startShopServer({ db, host: '127.0.0.1', port: 0, tls: null, adminToken, log: () => {}, confirmations: { secrets } });
  try {
    await secrets.set(account, sandbox.clientSecret);
    await setServiceAccount(db, sandbox.baseUrl, sandbox.clientId, account, Date.now());
    const tills: ShopTill[] = [];
    for (let i = 0; i < TILLS; i++) {
      const code = (await server.pairing.openCode()).code;
      const till = new ShopTill(server.url);
      const paired = await till.pair(code, { name: `Caja ${i + 1}` });
      if (paired.status !== 200) throw new Error(`pairing: ${JSON.stringify(paired.body)}`);
      tills.push(till);
    }
    const control = await controlSandbox(sandbox);
    const before = (await control.counters()).requests;
    let sent = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(tills.map(async (till, t) => {
      await new Promise((r) => setTimeout(r, (EVERY / TILLS) * t));
      for (let i = 0; Date.now() < end && i < 10_000; i++) {
        const started = Date.now();
        const referenceCode = `B-${process.pid}-${t}-${i}`;
        const doc = await api.createInvoice(invoiceBody(referenceCode, resolved.range.id));
        sent++;
        await till.call('POST', CONFIRM_WATCH_PATH, { account, documents: [{ referenceCode, documentId: doc.id, queuedAt: Date.now() }], settled: [] });
        await new Promise((r) => setTimeout(r, Math.max(0, EVERY - (Date.now() - started))));
      }
    }));
    // Every outcome stored (bounded).
    for (let i = 0; i < 600; i++) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_watch WHERE NOT final');
      if (Number(rows[0]!.n) === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = (await control.counters()).requests;
    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    const lists = delta('GET /v1/documents');
    const singles = delta('GET /v1/documents/{id}');
    const tokens = delta('POST /v1/oauth/token');
    const { rows } = await db.query<{ status: string; queued_at: number; seen_at: number }>('SELECT status, queued_at, seen_at FROM service_watch WHERE final');
    const validated = rows.filter((r) => r.status === 'VALIDATED').length;
    const waits = rows.map((r) => Number(r.seen_at) - Number(r.queued_at));
    console.log(`${TILLS} tills, ${sent} documents in ${SECONDS} s (one every ${EVERY} ms per till), the service's delay ${values.delay}–${values['delay-max']} ms`);
    console.log(`confirmed: ${rows.length} (${validated} VALIDATED); server requests: ${lists} list pages + ${singles} single GETs + ${tokens} tokens = ${lists + singles + tokens}`);
    console.log(`requests per confirmed document: ${((lists + singles + tokens) / Math.max(1, rows.length)).toFixed(3)}`);
    console.log(`accepted → outcome stored at the server: p50 ${percentile(waits, 0.5)} ms, p95 ${percentile(waits, 0.95)} ms`);
    await secrets.delete(account);
  } finally {
    await server.close();
    await db.close();
    await api.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
