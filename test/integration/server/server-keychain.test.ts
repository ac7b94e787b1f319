/**
 * The shop server's secrets with no keychain on the machine (no Secret Service on the session bus): both the
 * invoicing account's secret and the webhooks' secrets fail with one plain Spanish sentence that says what to do,
 * from the one keychain wrapper (server/keychain.ts), and never echo the secret. Runs in a child process whose
 * D-Bus address leads nowhere (the real keytar, no keychain behind it).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

const SCRIPT = `
const { keychainSecrets, KeychainProblem } = await import('./server/confirm/keychain.ts');
const { osWebhookKeychain, WebhookKeychainError } = await import('./server/webhooks/keychain.ts');
const out = [];
try { await keychainSecrets('Mostrador prueba sin llavero').set('cuenta', 'secreto-que-no-debe-verse'); out.push('stored'); }
catch (e) { out.push({ service: e instanceof KeychainProblem, message: e.message }); }
try { await osWebhookKeychain('Mostrador prueba sin llavero').read('tienda'); out.push('read'); }
catch (e) { out.push({ webhooks: e instanceof WebhookKeychainError, message: e.message }); }
console.log(JSON.stringify(out));
`;

describe('the shop server with no keychain on its machine', () => {
  it('says in one plain sentence what to do, for the account secret and the webhooks alike, and never shows the secret', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/mostrador-no-bus' };
    delete env.DISPLAY;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    const results = JSON.parse(child.stdout.trim().split('\n').pop()!) as Array<{ service?: boolean; webhooks?: boolean; message: string }>;
    expect(results).toHaveLength(2);
    expect(results[0]!.service).toBe(true);
    expect(results[1]!.webhooks).toBe(true);
    for (const r of results) {
      expect(r.message).toMatch(/^no se pudo usar el llavero del sistema de este computador \(.+\): ponga en marcha el servidor en una sesión con llavero/);
    }
    expect(child.stdout + child.stderr).not.toContain('secreto-que-no-debe-verse');
  }, 90_000);
});
