import { describe, expect, it } from 'vitest';
import { readUpdateDescription } from '../../../electron/browser/folder-updates';
import { safeVersion } from '../../../electron/core/updates/update-refusal-notice';
import { readUpdateRefusal } from '../../../shared/update-refusal';

describe('browser mode\'s stand-in update folder reads latest*.yml as electron-builder writes it', () => {
  it('takes the version and the file beside it', () => {
    const yml = "version: 1.4.0\nfiles:\n  - url: Mostrador-1.4.0.AppImage\n    sha512: abc\npath: Mostrador-1.4.0.AppImage\nsha512: abc\nreleaseDate: '2026-11-20T10:00:00.000Z'\n";
    expect(readUpdateDescription(yml)).toEqual({ version: '1.4.0', file: 'Mostrador-1.4.0.AppImage' });
    expect(readUpdateDescription("version: '2.0.0-beta.1'\npath: \"Mostrador Setup 2.0.0-beta.1.exe\"\n")).toEqual({ version: '2.0.0-beta.1', file: 'Mostrador Setup 2.0.0-beta.1.exe' });
  });

  it('refuses a file outside the folder, a hidden one, and a description without a version', () => {
    expect(readUpdateDescription('version: 1.0.0\npath: ../../bin/sh\n')).toBeNull();
    expect(readUpdateDescription('version: 1.0.0\npath: .bashrc\n')).toBeNull();
    expect(readUpdateDescription('path: Mostrador.AppImage\n')).toBeNull();
  });
});

describe('the kept notice of a refused update', () => {
  it('reads back what was written, and nothing from a damaged or foreign row', () => {
    const notice = { version: '0.4.0', reason: 'wrong signature', detail: null, at: 1_764_000_000_000 };
    expect(readUpdateRefusal(JSON.stringify(notice))).toEqual(notice);
    expect(readUpdateRefusal('')).toBeNull();
    expect(readUpdateRefusal('{not json')).toBeNull();
    expect(readUpdateRefusal(JSON.stringify({ ...notice, reason: 'because' }))).toBeNull();
    expect(readUpdateRefusal(JSON.stringify({ ...notice, version: '<script>' }))).toBeNull();
  });

  it('keeps a version from the update folder only in a version\'s characters', () => {
    expect(safeVersion('1.4.0-beta.2')).toBe('1.4.0-beta.2');
    expect(safeVersion('1.0<img src=x>')).toBe('1.0-img-src-x-');
    expect(safeVersion('///')).toBe('unknown');
    expect(safeVersion('9'.repeat(200))).toHaveLength(64);
  });
});
