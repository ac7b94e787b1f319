/**
 * Which packaged file an `app://mostrador/…` URL names, decided without touching the disk (tested in
 * test/unit/electron/app-files.test.ts). The app protocol (app-protocol.ts) serves the renderer from these files
 * instead of file://, so a page can never reach a file outside the renderer's folder: every path segment is decoded
 * once and refused if it could climb, hide a separator, name a drive, carry a NUL or need decoding again.
 */
import path from 'node:path';

/** A standard, secure scheme of our own: the page's origin is `app://mostrador`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mostrador';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The one page the window loads (and the only sender the bridge answers). */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

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

const refuse = (reason: string, status: 404 | 405 = 404): AppFile => ({ ok: false, status, reason });

/**
 * A decoded segment that names something inside the folder: no climbing, no separators, no drive, no NUL, and no
 * `%` left over (a segment encoded twice is refused, so nothing further down can decode it into a climb).
 */
function isPlainSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !/[/\\:\0%]/.test(segment);
}

/**
 * The file under `rootDir` that `requestUrl` names, with its content type; or why not (always a 404 to the page,
 * so it learns nothing about the disk). `platformPath` is node:path by default; tests pass path.win32 too.
 */
export function resolveAppFile(
  requestUrl: string,
  rootDir: string,
  method = 'GET',
  platformPath: typeof path.posix = path,
): AppFile {
  if (method !== 'GET' && method !== 'HEAD') return refuse('only GET and HEAD', 405);
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return refuse('not a URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse('another origin');
  if (url.username || url.password || url.port) return refuse('credentials or a port');
  // The URL parser has already folded plain `.`/`..` segments.
  return rendererFile(url.pathname, rootDir, platformPath);
}

/**
 * The file under `rootDir` that a URL path (`/assets/x.js`, still %-encoded) names: the one rule for both shells
 * (the app protocol here, the browser-mode host in browser/static-files.ts). The path is split *before* decoding, so
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
