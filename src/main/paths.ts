/** Where the console keeps its data when Electron's app.getPath is not at hand (browser mode). */
import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_DIR_NAME = 'RMM Technician Console';

export function defaultDataDir(platform = process.platform, env = process.env): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_DIR_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_DIR_NAME);
}
