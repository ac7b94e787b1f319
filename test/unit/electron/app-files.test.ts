import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_URL, resolveAppFile } from '../../../electron/app-files';

const ROOT = '/opt/Mostrador/resources/app.asar/dist/renderer';
const WIN_ROOT = 'C:\\Program Files\\Mostrador\\resources\\app.asar\\dist\\renderer';

describe('which packaged file an app:// URL names', () => {
  it('maps the page, its assets and the bare origin into the renderer folder', () => {
    expect(resolveAppFile(APP_PAGE_URL, ROOT)).toEqual({ ok: true, file: `${ROOT}/index.html`, contentType: 'text/html; charset=utf-8' });
    expect(resolveAppFile('app://mostrador/', ROOT)).toMatchObject({ ok: true, file: `${ROOT}/index.html` });
    expect(resolveAppFile('app://mostrador/assets/index-abc123.js?v=1#x', ROOT))
      .toEqual({ ok: true, file: `${ROOT}/assets/index-abc123.js`, contentType: 'text/javascript; charset=utf-8' });
    expect(resolveAppFile('app://mostrador/assets/fonts/Inter%20Bold.woff2', ROOT)).toMatchObject({ ok: true, file: `${ROOT}/assets/fonts/Inter Bold.woff2` });
    expect(resolveAppFile('app://mostrador/favicon.svg', ROOT, 'HEAD')).toMatchObject({ ok: true, contentType: 'image/svg+xml' });
  });

  it('keeps plain dot-dot inside the folder (the URL parser folds it before we see it)', () => {
    expect(resolveAppFile('app://mostrador/assets/../../../../etc/passwd', ROOT)).toMatchObject({ ok: false, status: 404 });
    expect(resolveAppFile('app://mostrador/assets/../index.html', ROOT)).toMatchObject({ ok: true, file: `${ROOT}/index.html` });
  });

  it.each([
    ['an encoded slash hiding a climb', 'app://mostrador/..%2F..%2Fpackage.json'],
    ['an encoded slash in a name', 'app://mostrador/assets%2F..%2F..%2Felectron%2Fmain.cjs'],
    ['an encoded backslash climb (Windows)', 'app://mostrador/..%5C..%5Celectron%5Cmain.js'],
    ['a literal backslash climb', 'app://mostrador/..\\..\\electron\\main.js'],
    ['a double-encoded climb', 'app://mostrador/%252e%252e/%252e%252e/package.json'],
    ['a NUL byte', 'app://mostrador/index.html%00.png'],
    ['a drive letter', 'app://mostrador/C:%5CWindows%5Cwin.ini'],
    ['malformed %-encoding', 'app://mostrador/%E0%A4%A.js'],
    ['an empty segment', 'app://mostrador//etc/passwd'],
    ['another host', 'app://elsewhere/index.html'],
    ['another scheme', 'file:///opt/Mostrador/resources/app.asar/dist/renderer/index.html'],
    ['credentials in the URL', 'app://user:pw@mostrador/index.html'],
    ['a folder', 'app://mostrador/assets/'],
    ['a kind of file the page never uses', 'app://mostrador/../electron/main.cjs'],
    ['not a URL', 'index.html'],
  ])('refuses %s with a 404', (_what, url) => {
    expect(resolveAppFile(url, ROOT)).toMatchObject({ ok: false, status: 404 });
  });

  it('answers 405 to anything but GET and HEAD', () => {
    expect(resolveAppFile(APP_PAGE_URL, ROOT, 'POST')).toMatchObject({ ok: false, status: 405 });
  });

  it('stays inside the folder with Windows paths too', () => {
    expect(resolveAppFile('app://mostrador/assets/app.js', WIN_ROOT, 'GET', path.win32))
      .toMatchObject({ ok: true, file: `${WIN_ROOT}\\assets\\app.js` });
    for (const url of ['app://mostrador/..%5C..%5Capp.js', 'app://mostrador/C:%5Cx.js', 'app://mostrador/%5C%5Cserver%5Cshare%5Cx.js']) {
      expect(resolveAppFile(url, WIN_ROOT, 'GET', path.win32), url).toMatchObject({ ok: false });
    }
  });
});
