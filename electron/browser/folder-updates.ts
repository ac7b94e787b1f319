/**
 * Browser mode installs nothing, so it has no updater. To try the refused-update path by hand and in end-to-end
 * tests, `MOSTRADOR_UPDATE_FOLDER=<folder>` makes it treat a local folder as the update folder: the file its
 * latest*.yml names counts as downloaded, and is checked exactly as the packaged app checks a download
 * (checkDownloadedUpdate: `<file>.sig` from the same folder, the key built into the app) and reported to the core.
 * The folder updater stands in for electron-updater's download only; nothing is ever installed.
 */
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { UpdateVerdicts } from '../core/updates/update-refusal-notice';
import { checkDownloadedUpdate, type FetchLike } from '../core/updates/update-signature';
import { watchForUpdates, type Updater, type UpdateWatch } from '../updates';

/** electron-builder's names for its update descriptions, one per OS. */
const DESCRIPTIONS = ['latest.yml', 'latest-linux.yml', 'latest-mac.yml'];

/** The version and file a latest*.yml offers; the file must be a plain name in the same folder. */
export function readUpdateDescription(text: string): { version: string; file: string } | null {
  const version = /^version:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(text)?.[1];
  const file = /^path:\s*['"]?([^'"\r\n]+?)['"]?\s*$/m.exec(text)?.[1];
  if (!version || !file || file !== path.basename(file) || file.startsWith('.')) return null;
  return { version, file };
}

/** A signature "download" from file:// URLs: missing is a 404, as an HTTPS folder would answer. */
export const readLocalSignature: FetchLike = async (url) => {
  try {
    const text = await readFile(fileURLToPath(url), 'utf8');
    return { ok: true, status: 200, text: async () => text };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { ok: false, status: missing ? 404 : 500, text: async () => '' };
  }
};

class FolderUpdater extends EventEmitter implements Updater {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  autoRunAppAfterInstall = false;
  private offered = new Set<string>();

  constructor(private readonly folder: string, private readonly log: (line: string) => void) {
    super();
  }

  async checkForUpdates(): Promise<unknown> {
    const name = DESCRIPTIONS.find((candidate) => existsSync(path.join(this.folder, candidate)));
    if (!name) return null;
    const offer = readUpdateDescription(readFileSync(path.join(this.folder, name), 'utf8'));
    if (!offer) {
      this.emit('error', new Error(`${name} in the update folder names no version and file`));
      return null;
    }
    const downloadedFile = path.join(this.folder, offer.file);
    // Once per version, as electron-updater downloads a version once.
    if (this.offered.has(offer.version) || !existsSync(downloadedFile)) return null;
    this.offered.add(offer.version);
    this.emit('update-downloaded', { version: offer.version, downloadedFile });
    return offer;
  }

  quitAndInstall(): void {
    this.log('browser mode installs no update');
  }
}

export function watchFolderForUpdates(folder: string, verdicts: UpdateVerdicts, log: (line: string) => void): UpdateWatch {
  const feedUrl = pathToFileURL(path.resolve(folder) + path.sep).href;
  const verify = (downloadedFile: string) => checkDownloadedUpdate({ downloadedFile, feedUrl, fetch: readLocalSignature });
  log(`updates: reading ${folder} as the update folder (nothing is installed in browser mode)`);
  return watchForUpdates(new FolderUpdater(folder, log), verify, log, { verdicts });
}
