import { join } from 'node:path';
import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../electron/browser/data-dir';

describe('browser mode data folder (same as Electron userData)', () => {
  it('Linux: $XDG_CONFIG_HOME/Mostrador, else ~/.config/Mostrador', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux')).toBe(join('/x/cfg', 'Mostrador'));
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Mostrador'));
  });
  it('Windows: %APPDATA%/Mostrador; macOS: Application Support', () => {
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\caja\\AppData\\Roaming' }, 'win32')).toBe(join('C:\\Users\\caja\\AppData\\Roaming', 'Mostrador'));
    expect(defaultDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Mostrador'));
  });
});
