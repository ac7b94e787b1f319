/**
 * One writer per data folder, the till's side (issue 25): real browser-mode tills (`electron/web.ts`, what `npm
 * start` falls back to) on one data folder. The second is refused at once (exit code 3, in Spanish, the folder and
 * the running pid named) before it opens anything; the first keeps answering and keeps what it saved; after a SIGKILL
 * of the first the next start succeeds at once. The lock is taken where both shells compose the core (compose.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, LOCK_OWNER_FILE } from '../../../common/data-folder-lock';
import { nitCheckDigit } from '../../../shared/nit';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LIMIT_MS = 60_000;
const keychainService = `MostradorTest-${randomUUID()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-one-till-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Till { child: ChildProcess; call(method: string, input: unknown): Promise<any> }
type Ended = { code: number | null; stdout: string; stderr: string };

/** Starts `electron/web.ts` on the folder: the till once it prints its address, or how it ended if it did not. */
function startTill(): Promise<Till | Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/web.ts', '--port', '0', '--data-dir', dataDir, '--no-open'], {
    cwd: ROOT, env: { ...process.env, MOSTRADOR_KEYCHAIN_SERVICE: keychainService }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the till neither started nor ended within ${LIMIT_MS / 1000} s:\n${stdout}${stderr}`)); }, LIMIT_MS);
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const url = /^Mostrador \(browser mode\): (http:\/\/127\.0\.0\.1:\d+)\/#key=(\S+)$/m.exec(stdout);
      if (!url) return;
      clearTimeout(limit);
      const [, origin, key] = url;
      resolve({
        child,
        async call(method, input) {
          const res = await fetch(`${origin}/bridge/${method}`, {
            method: 'POST', headers: { 'content-type': 'application/json', 'x-mostrador-key': key! }, body: JSON.stringify(input), signal: AbortSignal.timeout(10_000),
          });
          const envelope = await res.json() as { ok: boolean; value?: unknown; error?: unknown };
          if (!envelope.ok) throw new Error(`${method} failed: ${JSON.stringify(envelope.error)}`);
          return envelope.value;
        },
      });
    });
    child.once('exit', (code) => { clearTimeout(limit); resolve({ code, stdout, stderr }); });
  });
}

async function started(): Promise<Till> {
  const till = await startTill();
  if (!('call' in till)) throw new Error(`the till did not start (exit ${till.code}):\n${till.stdout}${till.stderr}`);
  return till;
}

async function refused(): Promise<Ended> {
  const till = await startTill();
  if ('call' in till) throw new Error('a second till started on a data folder in use');
  return till;
}

function end(till: Till, signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null> {
  return new Promise((resolve) => {
    till.child.once('exit', (code) => resolve(code));
    till.child.kill(signal);
  });
}

const buyer = (identification: string) => ({
  identification_type: '31', identification, dv: nitCheckDigit(identification), person_type: '1', name: `Cliente ${identification}`, tax_regime: '48',
  email: 'compras@cliente.example.co', municipality_code: '05001',
});

/** The lock's files as they are: a refused start must leave them so. */
const lockFiles = () => [LOCK_FILE, LOCK_OWNER_FILE].map((name) => `${name} ${statSync(join(dataDir, name)).mtimeMs} ${readFileSync(join(dataDir, name), 'utf8')}`);

describe('two browser-mode tills on one data folder', () => {
  it('refuses the second; the first keeps answering and keeps what it saved; after a SIGKILL the next start succeeds', async () => {
    const first = await started();
    await first.call('customers.save', { customer: buyer('900000001') });
    const before = lockFiles();

    const second = await refused();
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(`La carpeta de datos ${dataDir} ya la está usando otra caja de Mostrador (proceso ${first.child.pid}, en el equipo `);
    expect(second.stderr).toMatch(/, en marcha desde \d{1,2}\/\d{1,2}\/\d{4}.*\)\. Una carpeta de datos, un solo Mostrador/);
    expect(second.stdout).toBe('');
    expect(lockFiles()).toEqual(before);

    expect(await first.call('app.info', {})).toMatchObject({ shell: 'browser' });
    await first.call('customers.save', { customer: buyer('900000002') });
    expect(await end(first, 'SIGTERM')).toBe(0);

    const db = new Database(join(dataDir, 'mostrador.sqlite'), { readonly: true });
    try {
      const rows = db.prepare("SELECT identification FROM customers WHERE identification LIKE '90000000%' ORDER BY identification").all();
      expect(rows).toEqual([{ identification: '900000001' }, { identification: '900000002' }]);
    } finally {
      db.close();
    }

    // A SIGKILL leaves no stale lock: the next start comes up at the first try.
    const killed = await started();
    await end(killed, 'SIGKILL');
    const next = await started();
    expect(await next.call('app.info', {})).toMatchObject({ shell: 'browser' });
    expect((await refused()).code).toBe(3);
    expect(await end(next, 'SIGTERM')).toBe(0);
  }, 180_000);
});
