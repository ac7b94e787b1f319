/** Serves the built renderer (dist/renderer) read-only, never outside that folder; a clear page when it is missing. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { rendererFile } from './renderer-files';

/** The page may load only its own files and talk only to this host. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  // One policy for both shells (Electron sends the same one).
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const NOT_BUILT_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mostrador</title></head>
<body>
<h1>Mostrador: las pantallas no están construidas</h1>
<p>The screens have not been built yet, so there is nothing to show. Run <code>npm start</code> (it builds them when
needed) or <code>npm run build:renderer</code>, then reload this page.</p>
</body></html>`;

export function rendererIsBuilt(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** Maps a URL path to a file inside `dir` (the same rule as the app protocol's), or null when it would leave the folder or names no file. */
export function resolveStaticPath(dir: string, urlPath: string): { file: string; contentType: string } | null {
  const found = rendererFile(urlPath, dir);
  if (!found.ok) return null;
  return existsSync(found.file) && statSync(found.file).isFile() ? { file: found.file, contentType: found.contentType } : null;
}

export function serveStatic(res: ServerResponse, dir: string, urlPath: string, method: string): void {
  if (!rendererIsBuilt(dir)) {
    res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5', ...PAGE_SECURITY_HEADERS });
    res.end(method === 'HEAD' ? undefined : NOT_BUILT_PAGE);
    return;
  }
  const found = resolveStaticPath(dir, urlPath);
  if (!found) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...PAGE_SECURITY_HEADERS });
    res.end(method === 'HEAD' ? undefined : 'Not found');
    return;
  }
  const hashed = urlPath.startsWith('/assets/');
  res.writeHead(200, {
    'Content-Type': found.contentType,
    // Vite names files under assets/ by content hash; everything else (the page) must always be fresh.
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-store',
    ...PAGE_SECURITY_HEADERS,
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(found.file).pipe(res);
}
