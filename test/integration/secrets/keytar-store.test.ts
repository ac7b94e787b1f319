import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeychainUnavailableError } from '../../../electron/core/secrets/credential-store';
import { createKeytarCredentialStore } from '../../../electron/core/secrets/keytar-store';

// These run against a real Secret Service: `npm test` wraps vitest in scripts/with-keyring.sh.
describe('keytar credential store (real keychain)', () => {
  const service = `MostradorTest-${randomUUID()}`;
  const account = { baseUrl: 'http://127.0.0.1:4010/', clientId: 'fc_test' };

  it('stores, reads back and deletes a client secret', async () => {
    const store = createKeytarCredentialStore({ service });
    expect(await store.getClientSecret(account)).toBeNull();
    await store.setClientSecret(account, 'very-secret-value');
    expect(await store.getClientSecret(account)).toBe('very-secret-value');
    // the trailing slash of the base URL does not make it a different account
    expect(await store.getClientSecret({ ...account, baseUrl: 'http://127.0.0.1:4010' })).toBe('very-secret-value');
    expect(await store.deleteClientSecret(account)).toBe(true);
    expect(await store.getClientSecret(account)).toBeNull();
  });

  it('keeps secrets of different client ids apart', async () => {
    const store = createKeytarCredentialStore({ service });
    await store.setClientSecret(account, 'one');
    await store.setClientSecret({ ...account, clientId: 'fc_other' }, 'two');
    expect(await store.getClientSecret(account)).toBe('one');
    expect(await store.getClientSecret({ ...account, clientId: 'fc_other' })).toBe('two');
    await store.deleteClientSecret(account);
    await store.deleteClientSecret({ ...account, clientId: 'fc_other' });
  });

  it('refuses an empty secret with a clear message', async () => {
    const store = createKeytarCredentialStore({ service });
    await expect(store.setClientSecret(account, '  ')).rejects.toThrow(/must not be empty/);
  });

  it('gives a clear error when no keychain is reachable', () => {
    // A child process without any D-Bus session: the Secret Service cannot be reached.
    const script = `
      import { createKeytarCredentialStore } from './electron/core/secrets/keytar-store';
      createKeytarCredentialStore({ service: 'MostradorNoBus' })
        .getClientSecret({ baseUrl: 'http://x', clientId: 'fc_x' })
        .then(() => console.log('UNEXPECTED'), (e) => console.log(e.name + ' [' + e.problem + ']: ' + e.message));
    `;
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' };
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(out.stdout).toContain('KeychainUnavailableError [no-secret-service]');
    expect(out.stdout).toContain('keychain is not available');
    expect(new KeychainUnavailableError(new Error('Could not connect: No such file or directory')).message).toMatch(/Secret Service/);
  });
});
