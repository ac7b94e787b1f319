/**
 * Where browser mode keeps its data when no --data-dir is given: the same folder Electron uses
 * (`app.getPath('appData')/Mostrador`), so both shells of one installation share one data file.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Mostrador');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Mostrador');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Mostrador');
}
