/** A SIGKILL in the middle of a backup leaves the last good copy as it was and nothing half-written that passes for good. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../electron/core/store';
import { takeBackup } from '../../electron/core/backup/take-backup';
import { checkCopy } from '../../electron/core/backup/copy-check';
import { parseCopyName } from '../../electron/core/backup/backup-names';
import { planRotation } from '../../electron/core/backup/rotation';
import { sampleSale } from '../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-backup-kill-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function killMidBackup(db: string, folder: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/backup-kill-child.ts', '--db', db, '--folder', folder, '--staging', dir], {
      stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('STEP') && !child.killed) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve(`${signal ?? ''} ${out}`));
  });
}

describe('a backup killed half way', () => {
  it.each([['plain', null], ['encrypted', 'frase de prueba larga']] as const)('%s: the last good copy is intact and the partial file never counts', async (_kind, passphrase) => {
    const dbPath = join(dir, 'mostrador.sqlite');
    const folder = join(dir, 'copies');
    mkdirSync(folder);
    const store = openStore({ path: dbPath });
    store.database().transaction(() => { for (let i = 0; i < 2000; i++) store.recordSale(sampleSale(i)); })();
    const good = await takeBackup({ db: store.database(), stagingDir: dir, folder, passphrase, now: () => Date.now() - 86_400_000 });
    const goodBytes = readFileSync(good.path);
    store.database().transaction(() => { for (let i = 0; i < 500; i++) store.recordSale(sampleSale(i)); })();
    store.close();

    const outcome = await killMidBackup(dbPath, folder, passphrase ? { BACKUP_PASSPHRASE: passphrase } : {});
    expect(outcome).toMatch(/^SIGKILL/);
    expect(outcome).not.toContain('DONE');
    const names = readdirSync(folder);
    // The killed copy left (at most) a partial file, which no reader of the folder takes for a copy.
    expect(names.filter((n) => parseCopyName(n) !== null)).toEqual([good.file]);
    expect(planRotation(names).keep).toEqual([good.file]);
    expect(readFileSync(good.path).equals(goodBytes)).toBe(true);
    if (!passphrase) expect(checkCopy(good.path, good.counts).sales).toBe(2000);

    // The next copy clears the leftovers and is good.
    const reopened = openStore({ path: dbPath });
    const next = await takeBackup({ db: reopened.database(), stagingDir: dir, folder, passphrase, now: Date.now });
    reopened.close();
    expect(next.counts.sales).toBe(2500);
    expect(readdirSync(folder).sort()).toEqual([good.file, next.file].sort());
    expect(readdirSync(dir).filter((n) => n.startsWith('.partial'))).toEqual([]);
  });
});
