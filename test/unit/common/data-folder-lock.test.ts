/**
 * The data folder's lock (common/data-folder-lock.ts) on real files, with a real second process for what only a
 * process can show: its lock dies with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderInUse, LOCK_FILE, LOCK_OWNER_FILE, lockDataFolder, readLockOwner } from '../../../common/data-folder-lock';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;
let holder: ChildProcess | null = null;

beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-lock-')); });
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = null;
  rmSync(dir, { recursive: true, force: true });
});

/** Each file of the folder with its size and modification time: what a refused start must leave as it was. */
const snapshot = () => readdirSync(dir).sort().map((name) => {
  const s = statSync(join(dir, name));
  return `${name} ${s.size} ${s.mtimeMs}`;
});

function refusal(fn: () => unknown): DataFolderInUse {
  try {
    fn();
  } catch (error) {
    if (error instanceof DataFolderInUse) return error;
    throw error;
  }
  throw new Error('the folder was locked twice');
}

/** Starts a process holding the folder; resolves once it says it holds it. */
function startHolder(program: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/support/lock-holder.ts', dir, program], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  holder = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`the holder did not lock within 20 s: ${output}`)), 20_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^locked \d+$/m.test(output)) { clearTimeout(limit); resolve(child); }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => { clearTimeout(limit); reject(new Error(`the holder exited (${code}): ${output}`)); });
  });
}

describe('lockDataFolder', () => {
  it('refuses a second holder, naming the folder and the first; the refusal writes nothing; release lets the next one in', () => {
    const first = lockDataFolder(dir, 'till', { now: () => Date.UTC(2026, 10, 28, 15, 4, 5) });
    expect(first.owner).toMatchObject({ pid: process.pid, program: 'till' });
    expect(JSON.parse(readFileSync(join(dir, LOCK_OWNER_FILE), 'utf8'))).toEqual(first.owner);
    const before = snapshot();

    const refused = refusal(() => lockDataFolder(dir, 'till restore'));
    expect(refused.folder).toBe(first.folder);
    expect(refused.owner).toEqual(first.owner);
    expect(refused.message).toContain(`la carpeta de datos ${first.folder} la está usando una caja de Mostrador (proceso ${process.pid}, en marcha desde `);
    expect(snapshot()).toEqual(before);

    first.release();
    first.release();
    // The owner record goes with its holder; the lock file stays (never deleted), empty.
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(statSync(join(dir, LOCK_FILE)).size).toBe(0);
    const second = lockDataFolder(dir, 'till restore');
    expect(readLockOwner(dir)).toMatchObject({ pid: process.pid, program: 'till restore' });
    second.release();
  });

  it('says on which computer the holder runs when it is not this one (a shared folder)', () => {
    const first = lockDataFolder(dir, 'shop server');
    writeFileSync(join(dir, LOCK_OWNER_FILE), JSON.stringify({ ...first.owner, host: 'caja-2' }));
    expect(refusal(() => lockDataFolder(dir, 'shop server')).message).toMatch(/la está usando un servidor de la tienda \(proceso \d+ en el equipo caja-2, en marcha desde /);
    first.release();
  });

  it('takes a folder whose owner record was left by a process that is gone', () => {
    // A pid far above Linux's pid_max: no such process.
    writeFileSync(join(dir, LOCK_OWNER_FILE), JSON.stringify({ pid: 99_999_999, program: 'till', startedAt: 0, host: readLockOwnerHost() }));
    expect(readLockOwner(dir)).toBeNull();
    const lock = lockDataFolder(dir, 'till');
    expect(readLockOwner(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('refuses while another process holds it, and is free the moment that process is SIGKILLed', async () => {
    const child = await startHolder('shop server');
    const refused = refusal(() => lockDataFolder(dir, 'shop server'));
    expect(refused.owner).toMatchObject({ pid: child.pid, program: 'shop server' });
    expect(refused.message).toContain(`la está usando un servidor de la tienda (proceso ${child.pid}, en marcha desde `);

    // Its record gone (as if it had not written it yet): still refused, saying it does not know who.
    rmSync(join(dir, LOCK_OWNER_FILE));
    const unnamed = refusal(() => lockDataFolder(dir, 'till'));
    expect(unnamed.owner).toBeNull();
    expect(unnamed.message).toContain('la está usando otro proceso (aún no ha dicho cuál)');

    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    holder = null;
    // No waiting and no clean-up: the kernel let go of the lock with the process.
    const lock = lockDataFolder(dir, 'shop server');
    expect(lock.owner.pid).toBe(process.pid);
    lock.release();
  });

  it('a process started on a folder this one holds is refused with exit code 3 and the holder named', async () => {
    const lock = lockDataFolder(dir, 'till');
    const second = spawn(process.execPath, ['--import', 'tsx', 'test/support/lock-holder.ts', dir, 'till'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    second.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(3);
    expect(output).toContain(`refused la carpeta de datos ${lock.folder} la está usando una caja de Mostrador (proceso ${process.pid}, en marcha desde `);
    lock.release();
  });
});

function readLockOwnerHost(): string {
  const probe = lockDataFolder(dir, 'till');
  const host = probe.owner.host;
  probe.release();
  return host;
}
