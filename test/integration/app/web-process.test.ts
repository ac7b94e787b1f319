import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { forgetSecret } from './app-rig';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('electron/web.ts (browser mode as a process)', () => {
  const SECRET = `web-secret-${randomBytes(12).toString('hex')}`;
  const keychainService = `MostradorTest-${randomUUID()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-web-'));
  let child: ChildProcess | null = null;
  let service: RunningSandbox | null = null;
  let output = '';

  afterAll(async () => {
    child?.kill('SIGKILL');
    if (service) await forgetSecret(keychainService, service.baseUrl, 'fc_tienda');
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its URL, answers bridge calls with the key, keeps the secret out of its output and files, and stops on SIGTERM', async () => {
    service = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 100 });
    const proc = spawn(process.execPath, ['--import', 'tsx', 'electron/web.ts', '--port', '0', '--data-dir', dataDir, '--no-open'], {
      cwd: ROOT, env: { ...process.env, MOSTRADOR_KEYCHAIN_SERVICE: keychainService }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));

    const url = await new Promise<string>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error(`no URL line within 30 s; output: ${output}`)), 30_000);
      const look = () => {
        const match = /^Mostrador \(browser mode\): (http:\/\/127\.0\.0\.1:\d+\/#key=\S+)$/m.exec(output);
        if (match?.[1]) {
          clearTimeout(limit);
          resolve(match[1]);
        }
      };
      proc.stdout!.on('data', look);
      proc.on('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)));
    });
    const origin = url.slice(0, url.indexOf('/#'));
    const key = url.slice(url.indexOf('#key=') + 5);
    const call = async (method: string, input: unknown) => {
      const res = await fetch(`${origin}/bridge/${method}`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-mostrador-key': key },
        body: JSON.stringify(input), signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, text: await res.text() };
    };

    const info = await call('app.info', {});
    expect(JSON.parse(info.text)).toMatchObject({ ok: true, value: { shell: 'browser', demo: true } });
    const saved = await call('settings.saveConnection', { baseUrl: service.baseUrl, clientId: 'fc_tienda', clientSecret: SECRET });
    expect(JSON.parse(saved.text)).toMatchObject({ ok: true, value: { connection: { mode: 'service', hasSecret: true } } });
    expect(saved.text).not.toContain(SECRET);
    expect((await call('settings.get', {})).text).not.toContain(SECRET);

    const exit = await new Promise<number | null>((resolve, reject) => {
      const limit = setTimeout(() => reject(new Error('did not stop within 15 s of SIGTERM')), 15_000);
      proc.removeAllListeners('exit');
      proc.on('exit', (code) => {
        clearTimeout(limit);
        resolve(code);
      });
      proc.kill('SIGTERM');
    });
    child = null;
    expect(exit).toBe(0);
    expect(output).not.toContain(SECRET);
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1')).join('\n');
    expect(files.length).toBeGreaterThan(0);
    expect(files).not.toContain(SECRET);
  });
});
