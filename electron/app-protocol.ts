/**
 * The renderer's own scheme, `app://mostrador/…`, instead of file:// (Electron's security checklist: with file://
 * a page could read any file the user can, and file:// keeps no origin of its own). The scheme is registered as
 * privileged before the app is ready (standard and secure: a real origin, so 'self' in the CSP means the app's
 * files, and ES modules load), and served from the packaged renderer folder, inside the asar, with the same
 * Content-Security-Policy as a header. Which file a URL names is decided by app-files.ts (tested); this file only
 * reads it. Only `import type` from 'electron', so the stand-in test can drive it.
 */
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { APP_SCHEME, resolveAppFile } from './app-files';
import { CONTENT_SECURITY_POLICY } from './window';

/** The scheme's privileges: what a web origin needs, nothing more (no CORS from other origins, no bypassing CSP). */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
  corsEnabled: false,
  bypassCSP: false,
  allowServiceWorkers: false,
  stream: false,
} as const;

/** Must run before `app.whenReady()`: Electron reads privileged schemes once, at startup. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/** Headers on every answer: the app's CSP, and no guessing of content types. */
function headers(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
}

/** One request to the scheme: the named file under `rendererDir`, or a bare 404/405. Never throws. */
export async function answerAppRequest(request: Pick<Request, 'url' | 'method'>, rendererDir: string): Promise<Response> {
  const target = resolveAppFile(request.url, rendererDir, request.method);
  if (!target.ok) return new Response(null, { status: target.status, headers: headers('text/plain; charset=utf-8') });
  try {
    const body = await readFile(target.file);
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: headers(target.contentType) });
  } catch {
    // Missing, a folder, unreadable: the page learns only that there is nothing there.
    return new Response(null, { status: 404, headers: headers('text/plain; charset=utf-8') });
  }
}

/** Serves the scheme from the renderer folder; returns its removal. Call once the app is ready. */
export function serveAppFiles(protocol: Pick<Protocol, 'handle' | 'unhandle'>, rendererDir: string): () => void {
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(request, rendererDir));
  return () => protocol.unhandle(APP_SCHEME);
}
