/**
 * What the server keeps in its data folder besides the embedded database: the TLS certificate, the admin token the
 * owner's commands show, and `server.json` saying where the running server listens (for those commands).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  fingerprint: string;
  pid: number;
  /** Where the server keeps its scheduled copies (`--backup-dir`), for `npm run server -- backups`. */
  backupDir?: string;
  /** The addresses a till types (each LAN address with the port), for `npm run server -- status`. */
  tillAddresses?: string[];
  /** Tienda on this computer, without its key (the key is in its own file, `back-office-key`). */
  backOfficeUrl?: string;
}

export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

export function ensureAdminToken(dataDir: string): string {
  const path = join(dataDir, 'admin-token');
  if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}

/**
 * The key of Tienda on this computer (issue 26): kept with the data, so a restart of the server keeps the page's
 * address and an open tab reconnects by itself; `npm run server -- status` shows it again. Readable by its owner only.
 */
export function ensureBackOfficeKey(dataDir: string): string {
  const path = join(dataDir, 'back-office-key');
  if (!existsSync(path)) writeFileSync(path, randomBytes(24).toString('base64url'), { mode: 0o600 });
  return readFileSync(path, 'utf8').trim();
}

export function readBackOfficeKey(dataDir: string): string | null {
  const path = join(dataDir, 'back-office-key');
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}

export function readAdminToken(dataDir: string): string {
  return readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
}

export function writeRunningServer(dataDir: string, running: RunningServer): void {
  writeFileSync(join(dataDir, 'server.json'), `${JSON.stringify(running, null, 2)}\n`);
}

export function readRunningServer(dataDir: string): RunningServer {
  const path = join(dataDir, 'server.json');
  if (!existsSync(path)) throw new Error(`ningún servidor ha funcionado con la carpeta ${dataDir}; póngalo en marcha primero (npm run server -- --data-dir ${dataDir})`);
  return JSON.parse(readFileSync(path, 'utf8')) as RunningServer;
}

/** The embedded database's folder inside the data folder. */
export const pgliteDir = (dataDir: string): string => join(dataDir, 'pglite');
