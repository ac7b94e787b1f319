import { describe, expect, it } from 'vitest';
import { isAllowedHost, isAllowedOrigin, isLoopbackAddress, keyMatches } from '../../../common/web-host/request-guard';
import { resolveStaticPath } from '../../../common/web-host/static-files';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('browser host request guard', () => {
  it('accepts only loopback peers', () => {
    for (const ok of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(ok), ok).toBe(true);
    for (const bad of [undefined, '', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.1', '128.0.0.1', 'fe80::1', '127.0.0', '127.0.0.256', 'localhost']) {
      expect(isLoopbackAddress(bad), String(bad)).toBe(false);
    }
  });

  it('accepts only a loopback Host header with our own port (DNS rebinding defence)', () => {
    expect(isAllowedHost('127.0.0.1:5174', 5174)).toBe(true);
    expect(isAllowedHost('localhost:5174', 5174)).toBe(true);
    expect(isAllowedHost('[::1]:5174', 5174)).toBe(true);
    expect(isAllowedHost('127.0.0.1:5175', 5174)).toBe(false);
    expect(isAllowedHost('evil.example:5174', 5174)).toBe(false);
    expect(isAllowedHost('127.0.0.1.evil.example:5174', 5174)).toBe(false);
    expect(isAllowedHost('127.0.0.1', 5174)).toBe(false);
    expect(isAllowedHost(undefined, 5174)).toBe(false);
  });

  it('accepts no Origin (curl) or our own, refuses other sites', () => {
    expect(isAllowedOrigin(undefined, 4000)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 4000)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:4001', 4000)).toBe(false);
    expect(isAllowedOrigin('null', 4000)).toBe(false);
  });

  it('compares the key exactly', () => {
    expect(keyMatches('abc123', 'abc123')).toBe(true);
    expect(keyMatches('abc124', 'abc123')).toBe(false);
    expect(keyMatches('abc12', 'abc123')).toBe(false);
    expect(keyMatches('', 'abc123')).toBe(false);
    expect(keyMatches(undefined, 'abc123')).toBe(false);
    expect(keyMatches(null, 'abc123')).toBe(false);
  });

  it('never resolves a static path outside the renderer folder', () => {
    const base = mkdtempSync(join(tmpdir(), 'mostrador-static-'));
    const dir = join(base, 'renderer');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'app.js'), '');
    writeFileSync(join(base, 'secret.txt'), 'no');
    expect(resolveStaticPath(dir, '/')?.file).toBe(join(dir, 'index.html'));
    expect(resolveStaticPath(dir, '/assets/app.js')).toEqual({ file: join(dir, 'assets', 'app.js'), contentType: 'text/javascript; charset=utf-8' });
    // The app protocol's rule: an encoded slash stays inside its segment and is refused.
    expect(resolveStaticPath(dir, '/assets%2Fapp.js')).toBeNull();
    expect(resolveStaticPath(dir, '/../secret.txt')).toBeNull();
    expect(resolveStaticPath(dir, '/%2e%2e/secret.txt')).toBeNull();
    expect(resolveStaticPath(dir, '/assets')).toBeNull();
    expect(resolveStaticPath(dir, '/%00')).toBeNull();
    expect(resolveStaticPath(dir, '/%E0%A4%A')).toBeNull();
  });
});
