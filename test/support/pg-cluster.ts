/**
 * A throwaway PostgreSQL cluster for tests and benches: `initdb` + `pg_ctl` in a temp folder, on a private port of
 * 127.0.0.1 and a socket in that folder, run as an unprivileged user (as root: `runuser -u postgres`, the folder
 * chowned to it), stopped and removed at the end. Null when Debian's postgresql binaries are not installed.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PgCluster {
  /** A URL for a new, empty database of this cluster. */
  createDatabase(name: string): Promise<string>;
  /** The postmaster's process id (from its postmaster.pid), e.g. to trace its system calls. */
  postmasterPid(): number;
  /** `pg_ctl restart -m fast`: every connection is cut, then the cluster comes back on the same port. */
  restart(): void;
  stop(): void;
}

export function postgresBinDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `durable: false` (tests) turns fsync off; benches keep PostgreSQL's defaults. */
export async function startPgCluster(options: { durable?: boolean } = {}): Promise<PgCluster | null> {
  const bin = postgresBinDir();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-pg-'));
  const run = (program: string, args: string[]) => {
    const command = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, program), ...args] : [join(bin, program), ...args];
    execFileSync(command[0]!, command.slice(1), { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = [`-p ${port}`, `-k ${dir}`, `-c listen_addresses=127.0.0.1`, '-c max_connections=60'];
  if (!options.durable) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', settings.join(' '), 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a PostgreSQL cluster: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  const base = `postgres://postgres@127.0.0.1:${port}`;
  return {
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/[^a-z0-9_]/g, '_')}"`);
      } finally {
        await client.end();
      }
      return `${base}/${name.replace(/[^a-z0-9_]/g, '_')}`;
    },
    postmasterPid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    restart() {
      run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-m', 'fast', '-o', settings.join(' '), 'restart']);
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
