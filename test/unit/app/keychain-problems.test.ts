import { describe, expect, it } from 'vitest';
import { KEYCHAIN_PROBLEM_CODES, KeychainUnavailableError, classifyKeychainFailure } from '../../../electron/core/secrets/credential-store';

// Messages as libsecret/D-Bus (Linux), the macOS Security framework and Windows report them.
describe('keychain failures are told apart, each with its own advice', () => {
  it.each([
    ['Could not connect: No such file or directory', 'no-secret-service'],
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-secret-service'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    ['Cannot find module \'keytar\'', 'no-secret-service'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['org.freedesktop.Secret.Error.IsLocked: Cannot get secret of a locked object', 'locked'],
    ['User interaction is not allowed. (errSecInteractionNotAllowed)', 'locked'],
    ['org.freedesktop.DBus.Error.AccessDenied: Rejected send message', 'denied'],
    ['The operation was cancelled', 'denied'],
    ['Prompt dismissed', 'denied'],
    ['Element not found.', 'other'],
  ] as const)('%s → %s', (message, problem) => {
    expect(classifyKeychainFailure(new Error(message))).toBe(problem);
    const error = new KeychainUnavailableError(new Error(message));
    expect(error.problem).toBe(problem);
    expect(error.message).toContain(message);
  });

  it('gives each problem its own status code and advice, not always "unavailable"', () => {
    expect(new Set(Object.values(KEYCHAIN_PROBLEM_CODES)).size).toBe(4);
    expect(new KeychainUnavailableError(new Error('Cannot create an item in a locked collection')).message).toMatch(/locked.*Unlock it/);
    expect(new KeychainUnavailableError(new Error('Prompt dismissed')).message).toMatch(/refused|denied/);
    expect(new KeychainUnavailableError(new Error('Element not found.')).message).not.toMatch(/not available/);
  });
});
