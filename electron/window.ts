/**
 * The one window's security: web preferences, Content-Security-Policy, navigation, new windows, permissions
 * and which URLs the page may load. The decisions are pure functions (tested); `hardenWindow` and
 * `hardenSession` only attach them to Electron objects. Only `import type` from 'electron' here, so the tests
 * and the browser-mode host can import this file without the Electron binary.
 */
import type { BrowserWindowConstructorOptions, Session, WebContents, WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../shared/content-security-policy';

export { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META } from '../shared/content-security-policy';

/**
 * Replaces any Content-Security-Policy the response carried (whatever its letter case) with ours, so a
 * response can never loosen the policy.
 */
export function withContentSecurityPolicy(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = value;
  }
  result['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return result;
}

/** Web preferences for the cashier's window: the renderer is an ordinary sandboxed web page. */
export function secureWebPreferences(preloadPath: string, options: { devTools?: boolean } = {}): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools ?? false,
  };
}

/** The window itself: shown once painted, so the cashier never sees a blank frame. */
export function cashierWindowOptions(preloadPath: string, options: { devTools?: boolean } = {}): BrowserWindowConstructorOptions {
  return {
    title: 'Mostrador',
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preloadPath, options),
  };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Where the app's page may come from: its own app:// scheme (app-protocol.ts) or, for older shells and tests, a
 * file. Any other app URL (http, https, data…) fails closed.
 */
const APP_PROTOCOLS = new Set(['app:', 'file:']);

/** The same file as the app's page (query and fragment aside): the only place the window may be. */
export function isAppPage(url: string, appUrl: string): boolean {
  const target = parse(url);
  const app = parse(appUrl);
  if (!target || !app || !APP_PROTOCOLS.has(app.protocol)) return false;
  return target.protocol === app.protocol && target.host === app.host && target.pathname === app.pathname;
}

/** `will-navigate` / `will-redirect`: the window never leaves the app's own page. */
export function isAllowedNavigation(url: string, appUrl: string): boolean {
  return isAppPage(url, appUrl);
}

/**
 * Requests the page may make: files inside the app's own folder on the app's own scheme (the URL parser has
 * already resolved any `..`; app-files.ts refuses encoded ones), data: and blob: URIs it built itself, and the
 * developer tools. Never the network, never other files.
 */
export function isAllowedResource(url: string, appUrl: string): boolean {
  const target = parse(url);
  const app = parse(appUrl);
  if (!target || !app || !APP_PROTOCOLS.has(app.protocol)) return false;
  if (target.protocol === 'data:' || target.protocol === 'blob:' || target.protocol === 'devtools:') return true;
  if (target.protocol !== app.protocol || target.host !== app.host) return false;
  const folder = app.pathname.slice(0, app.pathname.lastIndexOf('/') + 1);
  return target.pathname.startsWith(folder);
}

/** Attaches the navigation and new-window rules to the window's web contents. */
export function hardenWindow(contents: WebContents, appUrl: string): void {
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, appUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Attaches the permission, resource and CSP rules to the window's session. */
export function hardenSession(target: Session, appUrl: string): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedResource(details.url, appUrl) }));
  target.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }));
}
