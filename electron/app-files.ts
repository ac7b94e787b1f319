/**
 * Which packaged file an `app://mostrador/…` URL names, decided without touching the disk (tested in
 * test/unit/electron/app-files.test.ts). The app protocol (app-protocol.ts) serves the renderer from these files
 * instead of file://, so a page can never reach a file outside the renderer's folder: every path segment is decoded
 * once and refused if it could climb, hide a separator, name a drive, carry a NUL or need decoding again.
 */
import path from 'node:path';
import { refuse, rendererFile, type AppFile } from '../common/web-host/renderer-files';

export { CONTENT_TYPES, rendererFile, type AppFile } from '../common/web-host/renderer-files';

/** A standard, secure scheme of our own: the page's origin is `app://mostrador`. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mostrador';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The one page the window loads (and the only sender the bridge answers). */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

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
