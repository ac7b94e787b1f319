/**
 * The owner's webhook commands against a started shop server (its own process, PGlite, the real keychain):
 * `webhooks set | show | clear`, `--help` with exit 0, and plain Spanish refusals without a stack trace. The
 * secret typed on stdin goes to the keychain and never to the server's output.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { post, serviceEvent } from '../../support/webhook-rig';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const STACK = /^\s+at .+\(?.*:\d+:\d+\)?$/m;
const SECRET = 'proveedor-secreto-0123456789abcdef';

function cli(args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT, timeout: 90_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

let server: ShopServerProcess;
let hooksPort: number;
beforeAll(async () => {
  hooksPort = await freePort();
  server = await startShopServerProcess({ args: ['--webhooks-listen', `127.0.0.1:${hooksPort}`] });
}, 90_000);
afterAll(async () => {
  await cli(['webhooks', 'clear', '--data-dir', server.dataDir]);
  await server?.dispose();
});

describe('npm run server -- webhooks', () => {
  it('answers --help with its usage and exit 0', async () => {
    const help = await cli(['webhooks', '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('npm run server -- webhooks set --public-url');
    expect(server.output()).toContain(`Webhooks del servicio de facturación: escuchando en http://127.0.0.1:${hooksPort}`);
  });

  it('says plainly what is missing or wrong', async () => {
    const dir = ['--data-dir', server.dataDir];
    const cases: Array<[string[], RegExp]> = [
      [['webhooks', 'set', ...dir], /diga la dirección pública/],
      [['webhooks', 'set', '--public-url', 'http://hooks.example.com', ...dir], /debe empezar por https/],
      [['webhooks', 'set', '--public-url', 'https://hooks.example.com', '--adapter', 'otro', ...dir], /--adapter es sandbox o manual/],
      [['webhooks', 'set', '--public-url', 'https://hooks.example.com', '--adapter', 'sandbox', ...dir], /aún no tiene las credenciales del servicio/],
      [['webhooks', 'algo', ...dir], /webhooks set --public-url URL/],
      [['--webhooks-listen', '4302', '--data-dir', `${server.dataDir}-nunca`], /--webhooks-listen debe ser HOST:PUERTO/],
    ];
    for (const [args, words] of cases) {
      const answer = await cli(args);
      expect(answer.code, args.join(' ')).toBe(1);
      expect(answer.stderr).toMatch(words);
      expect(answer.stderr).not.toMatch(STACK);
    }
    const short = await cli(['webhooks', 'set', '--public-url', 'https://hooks.example.com', ...dir], 'corto\n');
    expect(short.stderr).toMatch(/demasiado corto/);
  });

  it('set (manual, the secret on stdin) prints the URL to register; the listener takes events there; show counts them; clear removes it', async () => {
    const set = await cli(['webhooks', 'set', '--public-url', `http://127.0.0.1:${hooksPort}`, '--adapter', 'manual', '--data-dir', server.dataDir], `${SECRET}\n`);
    expect(set.code, set.stderr).toBe(0);
    const url = /Registre esta dirección en el portal del proveedor \(su final es secreto\): (\S+)/.exec(set.stdout)?.[1];
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${hooksPort}/webhooks/service/[A-Za-z0-9_-]{32}$`));
    expect(set.stdout).toContain('no se conoce el esquema de firma del proveedor');

    const event = serviceEvent('doc-cli');
    expect((await post(url!, { 'content-type': 'application/json' }, JSON.stringify(event))).status).toBe(200);
    expect((await post(url!, { 'content-type': 'application/json' }, JSON.stringify(event))).json).toEqual({ ok: true, duplicate: true });
    expect((await post(`http://127.0.0.1:${hooksPort}/webhooks/service/otro`, { 'content-type': 'application/json' }, JSON.stringify(event))).status).toBe(404);

    const show = await cli(['webhooks', 'show', '--data-dir', server.dataDir]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('adaptador manual, sin firma conocida');
    expect(show.stdout).toContain('/webhooks/service/…');
    expect(show.stdout).not.toContain(url!);
    expect(show.stdout).toMatch(/Recibidos: 1, el último el .*; repetidos: 1; rechazados: 1 \(firma o dirección 1,/);

    const clear = await cli(['webhooks', 'clear', '--data-dir', server.dataDir]);
    expect(clear).toMatchObject({ code: 0 });
    expect(clear.stdout).toContain('Webhooks quitados');
    expect((await post(url!, { 'content-type': 'application/json' }, JSON.stringify(serviceEvent('doc-after')))).status).toBe(404);
    expect((await cli(['webhooks', 'show', '--data-dir', server.dataDir])).stdout).toContain('Webhooks: sin configurar');
    expect(server.output()).not.toContain(SECRET);
    expect(server.output()).not.toContain(url!.split('/').at(-1)!);
  });
});
