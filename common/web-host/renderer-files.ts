/**
 * Which file of the built renderer a URL path names: the one rule for the Electron app protocol (electron/app-files.ts),
 * the till's browser-mode host and the back-office PC's host (common/web-host/). Every path segment is decoded once
 * and refused if it could climb, hide a separator, name a drive, carry a NUL or need decoding again.
 */
import path from 'node:path';

/** The kinds of file the renderer's build holds; anything else is never served (both shells). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export type AppFile =
  | { ok: true; file: string; contentType: string }
  | { ok: false; status: 404 | 405; reason: string };

export const refuse = (reason: string, status: 404 | 405 = 404): AppFile => ({ ok: false, status, reason });

/**
 * A decoded segment that names something inside the folder: no climbing, no separators, no drive, no NUL, and no
 * `%` left over (a segment encoded twice is refused, so nothing further down can decode it into a climb).
 */
function isPlainSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !/[/\\:\0%]/.test(segment);
}

/**
 * The file under `rootDir` that a URL path (`/assets/x.js`, still %-encoded) names. The path is split *before* decoding, so
 * an encoded slash or dot-dot (`%2F`, `%2e%2e`) stays inside one segment and is refused there.
 */
export function rendererFile(urlPath: string, rootDir: string, platformPath: typeof path.posix = path): AppFile {
  const raw = urlPath === '/' || urlPath === '' ? ['index.html'] : urlPath.replace(/^\/+/, '').split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return refuse('malformed %-encoding');
    }
    if (!isPlainSegment(decoded)) return refuse('a path segment that could leave the folder');
    segments.push(decoded);
  }
  const root = platformPath.resolve(rootDir);
  const file = platformPath.join(root, ...segments);
  const relative = platformPath.relative(root, file);
  if (relative === '' || relative.startsWith('..') || platformPath.isAbsolute(relative)) return refuse('outside the folder');
  const contentType = CONTENT_TYPES[platformPath.extname(file).toLowerCase()];
  if (!contentType) return refuse('not a kind of file the page uses');
  return { ok: true, file, contentType };
}
