import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cashierWindowOptions, CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META, isAllowedNavigation, isAllowedResource,
  secureWebPreferences, withContentSecurityPolicy,
} from '../../../electron/window';

const APP_URL = pathToFileURL('/opt/Mostrador/resources/app.asar/dist/renderer/index.html').href;

/** The policy as a map from directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name = '', ...sources] = part.split(/\s+/);
    return [name, sources];
  }));
}

describe('secure web preferences', () => {
  it('isolate and sandbox the page, with no Node and full web security', () => {
    const prefs = secureWebPreferences('/app/dist/electron/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
    });
  });

  it('keep developer tools closed unless asked for (development only)', () => {
    expect(secureWebPreferences('/p.cjs').devTools).toBe(false);
    expect(secureWebPreferences('/p.cjs', { devTools: true }).devTools).toBe(true);
  });

  it('are the ones the cashier window is created with, and the window waits to be painted before showing', () => {
    const options = cashierWindowOptions('/p.cjs');
    expect(options.webPreferences).toEqual(secureWebPreferences('/p.cjs'));
    expect(options.show).toBe(false);
  });
});

describe('content security policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('denies everything by default and allows scripts only from the app itself', () => {
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it('allows no remote origin, no inline code and no eval in any directive', () => {
    for (const [name, sources] of policy) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/^(https?:|wss?:|\*)|unsafe-inline|unsafe-eval|wasm-unsafe-eval/);
      }
    }
  });

  it('lets the receipt show its QR as a data: image (or a blob: the page made)', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('has a meta-tag value without the directives a meta tag ignores, otherwise identical', () => {
    const meta = directives(CONTENT_SECURITY_POLICY_META);
    expect(meta.has('frame-ancestors')).toBe(false);
    expect(meta.has('report-uri')).toBe(false);
    expect(meta.has('sandbox')).toBe(false);
    policy.delete('frame-ancestors');
    expect(meta).toEqual(policy);
  });

  it('replaces whatever policy a response carried, in any letter case, and keeps the other headers', () => {
    const headers = withContentSecurityPolicy({
      'content-security-policy': ["default-src *"],
      'CONTENT-SECURITY-POLICY': ["script-src 'unsafe-inline'"],
      'Content-Type': ['text/html'],
    });
    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(withContentSecurityPolicy(undefined)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });
});

describe('navigation', () => {
  it('stays on the app page, whatever its fragment or query', () => {
    expect(isAllowedNavigation(APP_URL, APP_URL)).toBe(true);
    expect(isAllowedNavigation(`${APP_URL}#/settings`, APP_URL)).toBe(true);
    expect(isAllowedNavigation(`${APP_URL}?locale=en`, APP_URL)).toBe(true);
  });

  it.each([
    ['a web site', 'https://example.com/'],
    ['the same path over http', 'http://localhost/opt/Mostrador/resources/app.asar/dist/renderer/index.html'],
    ['another file in the app folder', pathToFileURL('/opt/Mostrador/resources/app.asar/dist/renderer/other.html').href],
    ['a file elsewhere', 'file:///etc/passwd'],
    ['the app path climbing out with ..', `${pathToFileURL('/opt/Mostrador/resources/app.asar/dist/renderer').href}/../../../../../../etc/passwd`],
    ['a file on another host', 'file://evil-host/opt/Mostrador/resources/app.asar/dist/renderer/index.html'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: page', 'data:text/html,<script>alert(1)</script>'],
    ['not a URL', 'index.html'],
  ])('refuses %s', (_what, url) => {
    expect(isAllowedNavigation(url, APP_URL)).toBe(false);
  });

  it('refuses everything when the app URL is not a file URL (a misconfigured shell fails closed)', () => {
    expect(isAllowedNavigation('https://example.com/', 'https://example.com/')).toBe(false);
  });

  it('works with Windows file URLs', () => {
    const windowsApp = 'file:///C:/Program%20Files/Mostrador/resources/app.asar/dist/renderer/index.html';
    expect(isAllowedNavigation(`${windowsApp}#/sale`, windowsApp)).toBe(true);
    expect(isAllowedNavigation('file:///C:/Windows/System32/drivers/etc/hosts', windowsApp)).toBe(false);
  });
});

describe('resources the page may load', () => {
  const inApp = (file: string) => pathToFileURL(`/opt/Mostrador/resources/app.asar/dist/renderer/${file}`).href;

  it('are the app folder files and data:/blob: URIs', () => {
    expect(isAllowedResource(inApp('assets/index-abc123.js'), APP_URL)).toBe(true);
    expect(isAllowedResource(inApp('assets/fonts/inter.woff2'), APP_URL)).toBe(true);
    expect(isAllowedResource('data:image/png;base64,iVBORw0KGgo=', APP_URL)).toBe(true);
    expect(isAllowedResource('blob:file:///5b1c-4e', APP_URL)).toBe(true);
  });

  it.each([
    ['the network', 'https://cdn.example.com/react.js'],
    ['a websocket', 'ws://127.0.0.1:5173/'],
    ['the loopback service', 'http://127.0.0.1:5174/bridge/app.info'],
    ['a sibling folder sharing the prefix', pathToFileURL('/opt/Mostrador/resources/app.asar/dist/renderer-old/x.js').href],
    ['the electron bundle next to the renderer', pathToFileURL('/opt/Mostrador/resources/app.asar/dist/electron/main.cjs').href],
    ['a file escaping with encoded dots', `${inApp('')}%2e%2e/%2e%2e/secret.txt`],
    ['a system file', 'file:///etc/shadow'],
  ])('exclude %s', (_what, url) => {
    expect(isAllowedResource(url, APP_URL)).toBe(false);
  });
});

describe('the app:// page (the app protocol, instead of file://)', () => {
  const PAGE = 'app://mostrador/index.html';

  it('is the only place the window may be, whatever its fragment or query', () => {
    expect(isAllowedNavigation(`${PAGE}#/history`, PAGE)).toBe(true);
    expect(isAllowedNavigation(`${PAGE}?locale=en`, PAGE)).toBe(true);
    expect(isAllowedNavigation('app://mostrador/other.html', PAGE)).toBe(false);
    expect(isAllowedNavigation('app://elsewhere/index.html', PAGE)).toBe(false);
    expect(isAllowedNavigation(pathToFileURL('/index.html').href, PAGE)).toBe(false);
  });

  it('may load its own origin\'s files and data:/blob: URIs, never file:// or the network', () => {
    expect(isAllowedResource('app://mostrador/assets/index-abc.js', PAGE)).toBe(true);
    expect(isAllowedResource('data:image/png;base64,iVBORw0KGgo=', PAGE)).toBe(true);
    expect(isAllowedResource(pathToFileURL('/opt/Mostrador/resources/app.asar/dist/renderer/index.html').href, PAGE)).toBe(false);
    expect(isAllowedResource('file:///etc/passwd', PAGE)).toBe(false);
    expect(isAllowedResource('app://elsewhere/x.js', PAGE)).toBe(false);
    expect(isAllowedResource('https://cdn.example.com/x.js', PAGE)).toBe(false);
  });
});
