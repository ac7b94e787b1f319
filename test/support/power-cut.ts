/**
 * A power cut, simulated from a journal of system calls, for the durability test. Dirty pages cannot be dropped
 * from the page cache here (a SIGKILL leaves every write() in the cache, and the kernel writes them back later), so
 * the folder a power cut would leave is rebuilt instead: a copy of the folder taken when it was known synced (the
 * server stopped cleanly), then the server runs under `strace -f -y -xx -s BIG` recording every write with its bytes,
 * every sync and every change of names, is SIGKILLed, and the copy gets only what a disk must keep:
 * - a write (pwrite64, ftruncate, O_TRUNC) reaches it only when the same file was fsynced/fdatasynced after it;
 * - a name change (a file created, renamed, unlinked; a folder made or removed) only when its folder was fsynced after.
 * Everything else is lost, as the strictest reading of POSIX allows. Anything else seen under the folder (write()
 * without an offset, pwritev, link, fallocate, …) stops the simulation with its name rather than being guessed.
 */
import { closeSync, cpSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The strace options that record what the simulation needs: add to `strace -f -o FILE`. */
export const POWER_CUT_STRACE = ['-y', '-xx', '-s', String(64 << 20), '-e',
  'trace=pwrite64,write,pwritev,writev,openat,open,creat,rename,renameat,renameat2,unlink,unlinkat,ftruncate,truncate,mkdir,mkdirat,rmdir,link,linkat,symlink,fallocate,fsync,fdatasync,sync_file_range,msync,sync,syncfs'];

type Op =
  | { kind: 'write'; path: string; data: Buffer; offset: number }
  | { kind: 'truncate'; path: string; length: number }
  | { kind: 'create'; path: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'unlink'; path: string }
  | { kind: 'mkdir'; path: string }
  | { kind: 'rmdir'; path: string }
  | { kind: 'sync'; path: string };

export interface PowerCutImage { applied: number; lost: number; syncs: number }

/**
 * Builds in `out` the folder `live` as a power cut would have left it, from `base` (a copy of `live` when it was
 * synced) and the strace journal of what happened in `live` since.
 */
export function imageAfterPowerCut(opts: { base: string; live: string; journal: string; out: string }): PowerCutImage {
  const ops = parseJournal(readFileSync(opts.journal, 'latin1'), opts.live);
  // Each file is an identity that a rename moves; a write counts as synced when its file was synced after it.
  const idOf = new Map<string, number>();
  let nextId = 0;
  const identity = (path: string) => {
    let id = idOf.get(path);
    if (id === undefined) { id = nextId++; idOf.set(path, id); }
    return id;
  };
  const opIds = ops.map((op) => {
    if (op.kind === 'rename') {
      const id = identity(op.from);
      idOf.delete(op.from);
      idOf.set(op.to, id);
      return id;
    }
    if (op.kind === 'unlink' || op.kind === 'rmdir') {
      const id = identity(op.path);
      idOf.delete(op.path);
      return id;
    }
    if (op.kind === 'create' && !idOf.has(op.path)) { idOf.set(op.path, nextId++); }
    return identity(op.path);
  });
  // The folder an op's name lives in, as an identity at the time of the op (for renames: both folders).
  // Folders are never renamed here: a folder's identity is its path's.
  const dirIds = ops.map((op) => (op.kind === 'rename' ? [dirname(op.from), dirname(op.to)] : op.kind === 'write' || op.kind === 'truncate' || op.kind === 'sync' ? [] : [dirname(op.path)]).map(identity));
  const lastSync = new Map<number, number>();
  ops.forEach((op, i) => { if (op.kind === 'sync') lastSync.set(opIds[i]!, i); });
  const syncedAfter = (id: number, i: number) => (lastSync.get(id) ?? -1) > i;

  rmSync(opts.out, { recursive: true, force: true });
  cpSync(opts.base, opts.out, { recursive: true });
  const inImage = (path: string) => join(opts.out, relative(opts.live, path));
  // Where each identity is in the image (a rename that was lost leaves it under its old name).
  const imagePath = new Map<number, string | null>();
  const where = (id: number, livePath: string) => (imagePath.has(id) ? imagePath.get(id)! : inImage(livePath));
  let applied = 0;
  let lost = 0;
  ops.forEach((op, i) => {
    if (op.kind === 'sync') return;
    const id = opIds[i]!;
    const durable = op.kind === 'write' || op.kind === 'truncate' ? syncedAfter(id, i) : dirIds[i]!.every((d) => syncedAfter(d, i));
    if (!durable) { lost += 1; return; }
    applied += 1;
    if (op.kind === 'write' || op.kind === 'truncate') {
      const target = where(id, op.path);
      if (!target || !existsSync(target)) return; // its file's name never reached the disk: the bytes are lost with it
      const fd = openSync(target, 'r+');
      try {
        if (op.kind === 'write') writeSync(fd, op.data, 0, op.data.length, op.offset);
        else ftruncateSync(fd, op.length);
      } finally {
        closeSync(fd);
      }
    } else if (op.kind === 'create') {
      const target = inImage(op.path);
      if (!existsSync(target)) closeSync(openSync(target, 'w'));
      imagePath.set(id, target);
    } else if (op.kind === 'rename') {
      const from = where(id, op.from);
      const to = inImage(op.to);
      if (from && existsSync(from)) renameSync(from, to);
      imagePath.set(id, to);
    } else if (op.kind === 'unlink') {
      const target = where(id, op.path);
      if (target && existsSync(target)) unlinkSync(target);
      imagePath.set(id, null);
    } else if (op.kind === 'mkdir') {
      mkdirSync(inImage(op.path), { recursive: true });
    } else if (op.kind === 'rmdir') {
      const target = inImage(op.path);
      if (existsSync(target) && readdirSync(target).length === 0) rmdirSync(target);
    }
  });
  return { applied, lost, syncs: ops.filter((o) => o.kind === 'sync').length };
}

const unescape = (text: string): Buffer => Buffer.from(text.replace(/\\x/g, ''), 'hex');

/** The ops under `live`, in order, from an `strace -f -y -xx` journal (unfinished/resumed calls joined). */
export function parseJournal(text: string, live: string): Op[] {
  const pending = new Map<string, string>();
  const ops: Op[] = [];
  const under = (path: string | undefined) => path !== undefined && (path === live || path.startsWith(`${live}/`));
  for (let line of text.split('\n')) {
    const head = /^(\d+)\s+(?:[\d.:]+\s+)?/.exec(line);
    if (!head) continue;
    const pid = head[1]!;
    line = line.slice(head[0].length);
    // strace writes "call(args <unfinished ...>" then "<... call resumed>) = n": the space before the mark is not an argument's.
    if (line.endsWith('<unfinished ...>')) { pending.set(pid, line.slice(0, -'<unfinished ...>'.length).trimEnd()); continue; }
    const resumed = /^<\.\.\. \w+ resumed>/.exec(line);
    if (resumed) { line = (pending.get(pid) ?? '') + line.slice(resumed[0].length); pending.delete(pid); }
    const call = /^(\w+)\((.*)\)\s+=\s+(-?\d+)(<[^>]*>)?/.exec(line);
    if (!call || Number(call[3]) < 0) continue; // a failed call changed nothing
    const [, name, args] = call as unknown as [string, string, string];
    const fdText = /^-?\d+<([^>]*)>/.exec(args)?.[1];
    const fdPath = fdText === undefined ? undefined : decodePath(fdText);
    const strings = [...args.matchAll(/"((?:\\x[0-9a-f]{2}|[^"\\])*)"/g)].map((m) => decodePath(m[1]!));
    const returnedPath = call[4] === undefined ? undefined : decodePath(call[4].slice(1, -1));
    switch (name) {
      case 'fsync': case 'fdatasync':
        if (under(fdPath)) ops.push({ kind: 'sync', path: fdPath! });
        break;
      case 'pwrite64': {
        if (!under(fdPath)) break;
        const m = /^\d+<[^>]*>, "((?:\\x[0-9a-f]{2})*)"(\.\.\.)?, (\d+), (\d+)$/.exec(args);
        if (!m || m[2]) throw new Error(`the power-cut simulation could not read a write's bytes (raise -s): ${line.slice(0, 200)} … ${line.slice(-200)} (${line.length} chars)`);
        ops.push({ kind: 'write', path: fdPath!, data: unescape(m[1]!), offset: Number(m[4]) });
        break;
      }
      case 'ftruncate':
        if (under(fdPath)) ops.push({ kind: 'truncate', path: fdPath!, length: Number(/, (\d+)$/.exec(args)?.[1]) });
        break;
      case 'openat': case 'open': {
        if (!under(returnedPath)) break;
        if (/O_CREAT/.test(args)) ops.push({ kind: 'create', path: returnedPath! });
        if (/O_TRUNC/.test(args)) ops.push({ kind: 'truncate', path: returnedPath!, length: 0 });
        break;
      }
      case 'rename': case 'renameat': case 'renameat2':
        if (strings.some(under)) ops.push({ kind: 'rename', from: strings[0]!, to: strings[1]! });
        break;
      case 'unlink': case 'unlinkat':
        if (under(strings[0])) ops.push({ kind: /AT_REMOVEDIR/.test(args) ? 'rmdir' : 'unlink', path: strings[0]! });
        break;
      case 'mkdir': case 'mkdirat':
        if (under(strings[0])) ops.push({ kind: 'mkdir', path: strings[0]! });
        break;
      case 'rmdir':
        if (under(strings[0])) ops.push({ kind: 'rmdir', path: strings[0]! });
        break;
      default:
        if (under(fdPath) || strings.some(under)) throw new Error(`the power-cut simulation does not model ${name} on the folder: ${line.slice(0, 200)}`);
    }
  }
  for (const op of ops) {
    for (const p of op.kind === 'rename' ? [op.from, op.to] : [op.path]) {
      if (!p.startsWith('/')) throw new Error(`the power-cut simulation needs absolute paths, saw ${p}`);
    }
  }
  return ops;
}

/** strace -xx prints every byte of a string as \xNN. */
function decodePath(text: string): string {
  return /^(\\x[0-9a-f]{2})+$/.test(text) ? unescape(text).toString('utf8') : text;
}
