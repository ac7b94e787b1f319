/**
 * Judges one command the docs show, on this checkout (the rule is written at the top of docs/README.md):
 * the safe ones run for real with a timeout (every CLI's --help, the sandbox on a free port), the others are a dry
 * run: the npm script, file, CLI subcommand and flags they name must exist. Never runs installs, the app, the whole
 * test suite, benches or services.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { ROOT, simpleCommands, words } from './doc-commands';

export interface Verdict {
  problems: string[];
  /** What ran for real, one line each (e.g. "server status --help"). */
  ran: string[];
}

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** Programs of the system the docs may show; not run, not checked further. */
const SYSTEM = new Set([
  'install', 'cp', 'mkdir', 'useradd', 'chown', 'chmod', 'systemctl', 'journalctl', 'systemd-analyze', 'sleep', 'jq',
  'cd', 'export', 'ls', 'cat', 'tar', 'pg_dump', 'pg_restore', 'psql', 'createdb', 'openssl', 'apt-get', 'git',
  'faketime', 'strace', 'echo', 'test', 'ssh', 'scp', 'rsync', 'nginx', 'caddy', 'certbot', 'ufw', 'iptables', 'nft',
  'initdb', 'pg_ctl',
]);

/** The CLIs whose --help is run for real, by the file that holds them. */
const CLIS: Record<string, { help: 'server' | 'plain' | 'sandbox' | 'web' }> = {
  'electron/web.ts': { help: 'web' },
  'server/cli.ts': { help: 'server' },
  'electron/restore-cli.ts': { help: 'plain' },
  'server/dump-cli.ts': { help: 'plain' },
  'sandbox/cli.ts': { help: 'sandbox' },
};

interface RunResult {
  code: number | null;
  out: string;
}

function run(args: string[], until?: RegExp, timeoutMs = 30_000): Promise<RunResult> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let done = false;
    const finish = (code: number | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolvePromise({ code, out });
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      out += `\n(timed out after ${timeoutMs} ms)`;
    }, timeoutMs);
    const take = (chunk: Buffer): void => {
      out += chunk.toString('utf8');
      if (until && until.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => finish(until && until.test(out) ? 0 : code));
  });
}

const helpCache = new Map<string, Promise<RunResult>>();
/** `node --import tsx <cli> [sub] --help`, once per CLI and subcommand. */
function help(cli: string, sub?: string): Promise<RunResult> {
  const key = `${cli} ${sub ?? ''}`;
  let found = helpCache.get(key);
  if (!found) {
    found = run([cli, ...(sub ? [sub] : []), '--help']);
    helpCache.set(key, found);
  }
  return found;
}

const flagsOf = (args: string[]): string[] =>
  args.map((a) => a.replace(/^\[+|\]+$/g, '')).filter((a) => /^--[a-z]/.test(a)).map((a) => a.split('=')[0] ?? a);

const exists = (path: string): boolean => existsSync(join(ROOT, path));

/** Every source file under a folder (not node_modules), joined: where a bench's flags must be named. */
function sourcesUnder(dir: string): string {
  let text = '';
  const walk = (d: string): void => {
    for (const name of readdirSync(join(ROOT, d))) {
      const path = join(d, name);
      if (name === 'node_modules') continue;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (['.ts', '.mjs', '.js', '.cjs'].includes(extname(name))) text += readFileSync(join(ROOT, path), 'utf8');
    }
  };
  walk(dir);
  return text;
}

/** A file's text and that of the files it imports by a relative path, two levels deep. */
function sourceWithImports(file: string, depth = 2, seen = new Set<string>()): string {
  if (seen.has(file) || !exists(file)) return '';
  seen.add(file);
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (depth === 0) return text;
  let all = text;
  for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const base = join(dirname(file), m[1] ?? '');
    for (const candidate of [base, `${base}.ts`, `${base}.mjs`, join(base, 'index.ts')]) {
      if (exists(candidate) && statSync(join(ROOT, candidate)).isFile()) {
        all += sourceWithImports(candidate, depth - 1, seen);
        break;
      }
    }
  }
  return all;
}

/** The arguments with a flag's value replaced (or the flag added). */
function withValue(args: string[], flag: string, value: string): string[] {
  const out = [...args];
  const i = out.indexOf(flag);
  if (i >= 0) out[i + 1] = value;
  else out.push(flag, value);
  return out;
}

/** Scripts whose arguments go on to another file than the one the script names. */
const SCRIPT_TARGET: Record<string, string> = { 'start:web': 'electron/web.ts' };

async function judgeCli(file: string, args: string[], verdict: Verdict): Promise<void> {
  const cli = CLIS[file];
  if (!cli) {
    // A script of ours that is not a CLI with --help (a bench, a runner): its flags must be read by it or by what it
    // imports from this repository.
    const source = sourceWithImports(file);
    for (const flag of flagsOf(args)) {
      const name = flag.slice(2).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (!new RegExp(`['"\`](--)?${name}['"\`=]|[{,\\s]${name}\\s*:\\s*\\{`).test(source)) verdict.problems.push(`${file} does not read the flag ${flag}`);
    }
    return;
  }
  if (cli.help === 'web') {
    // Browser mode, for real: the core on its embedded demo sandbox, on a free port, in a throwaway data folder, until
    // it prints its address (then SIGTERM).
    const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-docs-'));
    try {
      const real = withValue(withValue([...args.filter((a) => a !== '--no-open'), '--no-open'], '--port', '0'), '--data-dir', dataDir);
      const result = await run([file, ...real], /Mostrador \(browser mode\): http:\/\/127\.0\.0\.1:\d+/, 30_000);
      verdict.ran.push(`browser mode ${args.join(' ')}`.trim());
      if (result.code !== 0) verdict.problems.push(`browser mode did not start with these flags: ${result.out.trim().slice(-600)}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  if (cli.help === 'sandbox') {
    // Run it for real on a free port, in memory, until it prints its address.
    const real = withValue(withValue(args, '--port', '0'), '--db', ':memory:');
    const result = await run([file, ...real], /^http:\/\/127\.0\.0\.1:\d+/m, 20_000);
    verdict.ran.push(`sandbox ${real.join(' ')}`);
    if (result.code !== 0) verdict.problems.push(`the sandbox did not start with these flags: ${result.out.trim()}`);
    return;
  }
  const first = args[0];
  const sub = cli.help === 'server' && first !== undefined && /^[a-z][a-z-]+$/.test(first) ? first : undefined;
  const main = await help(file);
  verdict.ran.push(`${file} --help`);
  if (main.code !== 0) verdict.problems.push(`${file} --help exits ${main.code}: ${main.out.slice(0, 300)}`);
  let text = main.out;
  if (sub) {
    if (!main.out.includes(`npm run server -- ${sub}`)) verdict.problems.push(`the server has no subcommand "${sub}" (npm run server -- --help)`);
    const own = await help(file, sub);
    verdict.ran.push(`${file} ${sub} --help`);
    if (own.code !== 0) verdict.problems.push(`${file} ${sub} --help exits ${own.code}`);
    text += own.out;
  }
  for (const flag of flagsOf(args)) {
    if (flag === '--help') continue;
    if (!new RegExp(`${flag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z-])`).test(text)) {
      verdict.problems.push(`${file}${sub ? ` ${sub}` : ''} does not take ${flag} (its --help does not list it)`);
    }
  }
}

/** A file the command runs: a tsx/node target. */
async function judgeFile(file: string, args: string[], verdict: Verdict): Promise<void> {
  if (!exists(file)) {
    verdict.problems.push(`no file ${file}`);
    return;
  }
  if (/\.(ts|mjs|js|cjs)$/.test(file)) await judgeCli(file, args, verdict);
}

async function judgeNpmScript(name: string, args: string[], verdict: Verdict): Promise<void> {
  const script = PACKAGE.scripts[name];
  if (script === undefined) {
    verdict.problems.push(`package.json has no script "${name}"`);
    return;
  }
  const target = SCRIPT_TARGET[name] ?? /(?:tsx|node)\s+(?:--import tsx\s+)?([\w./-]+\.(?:ts|mjs|js))/.exec(script)?.[1];
  if (target) await judgeFile(target, args, verdict);
  else for (const arg of args) if (!arg.startsWith('-') && !exists(arg)) verdict.problems.push(`npm run ${name} is given ${arg}, which is no file here`);
}

async function judgeSimple(text: string, verdict: Verdict): Promise<void> {
  const assigned = /^[A-Za-z_][A-Za-z0-9_]*=\$\(([\s\S]*)\)$/.exec(text);
  if (assigned) {
    for (const inner of simpleCommands(assigned[1] ?? '')) await judgeSimple(inner, verdict);
    return;
  }
  // A usage line's optional parts (`[-- --quick]`) are read as if typed.
  let w = words(text).map((a) => a.replace(/^\[+|\]+$/g, '')).filter((a) => a !== '');
  while (w.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0] ?? '')) w = w.slice(1);
  if (w.length === 0) return;
  const [program = '', ...rest] = w;
  if (program === 'sudo') {
    let i = 0;
    while (rest[i]?.startsWith('-')) i += rest[i] === '-u' ? 2 : 1;
    return judgeSimple(rest.slice(i).join(' '), verdict);
  }
  if (program === '/usr/bin/time' || program === 'time') {
    let i = 0;
    while (rest[i]?.startsWith('-')) i += rest[i] === '-f' || rest[i] === '-o' ? 2 : 1;
    return judgeSimple(rest.slice(i).map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' '), verdict);
  }
  if (program === 'npm') {
    let args = rest;
    if (args[0] === '--prefix') args = args.slice(2);
    const [sub = '', ...more] = args;
    if (sub === 'install' || sub === 'ci' || sub === 'i') return; // not run: it installs
    if (sub === 'start' || sub === 'test') {
      if (!PACKAGE.scripts[sub]) verdict.problems.push(`package.json has no script "${sub}"`);
      return;
    }
    if (sub === 'run' || sub === 'run-script') {
      const [name = '', ...after] = more;
      const dashes = after.indexOf('--');
      await judgeNpmScript(name, dashes >= 0 ? after.slice(dashes + 1) : [], verdict);
      return;
    }
    verdict.problems.push(`npm ${sub}: not a command these docs may show (npm install, ci, start, test, run)`);
    return;
  }
  if (program === 'npx' || program === 'tsx') {
    const args = program === 'npx' ? rest : ['tsx', ...rest];
    const [tool = '', ...more] = args;
    if (tool === 'tsx') return judgeFile(more[0] ?? '', more.slice(1), verdict);
    if (tool === 'vitest' || tool === 'playwright') {
      const paths = more.filter((a) => !a.startsWith('-') && a !== 'run' && a !== 'test' && !/^\d+$/.test(a));
      for (const p of paths) if (!exists(p)) verdict.problems.push(`${tool}: no file ${p}`);
      return;
    }
    if (['vite', 'tsc', 'depcruise', 'electron-builder'].includes(tool)) return;
    verdict.problems.push(`npx ${tool}: not a tool of this project`);
    return;
  }
  if (program === 'node') {
    let args = rest;
    if (args[0] === '--import' && args[1] === 'tsx') args = args.slice(2);
    if (args[0]?.startsWith('-')) return; // node -p, node --version…
    return judgeFile(args[0] ?? '', args.slice(1), verdict);
  }
  if (program === 'bash' || program === 'sh' || program === '.' || program === 'source') {
    const [file = '', ...more] = rest;
    if (!exists(file)) {
      verdict.problems.push(`no file ${file}`);
      return;
    }
    if (file === 'scripts/with-keyring.sh') return judgeSimple(more.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' '), verdict);
    return;
  }
  if (program === 'curl') {
    // A route of the sandbox or of the shop server: each fixed part of its path is written in their sources.
    const sandbox = sourcesUnder('sandbox') + sourcesUnder('server') + sourcesUnder('shared/shop');
    for (const arg of rest) {
      const at = arg.search(/\/(v1|sandbox)\//);
      if (at < 0) continue;
      for (const segment of arg.slice(at).split(/[/?]/)) {
        if (segment === '' || segment.includes('…') || segment.includes('$')) continue;
        if (!sandbox.includes(segment)) verdict.problems.push(`neither the sandbox nor the server has a route with "${segment}" (${arg})`);
      }
    }
    return;
  }
  if (SYSTEM.has(program)) return;
  verdict.problems.push(`"${program}": a program the docs test does not know; add it to the rule in docs/README.md and test/docs/judge-command.ts, or show the command another way`);
}

export async function judgeCommand(text: string, kind: 'block' | 'inline' | 'windows'): Promise<Verdict> {
  const verdict: Verdict = { problems: [], ran: [] };
  if (kind === 'windows') {
    // The NSSM recipe: what it gives server/cli.ts must be what the server takes.
    const at = text.indexOf('server/cli.ts');
    if (at >= 0) await judgeCli('server/cli.ts', words(text.slice(at + 'server/cli.ts'.length).replace(/"/g, ' ')), verdict);
    return verdict;
  }
  for (const simple of simpleCommands(text)) await judgeSimple(simple, verdict);
  return verdict;
}
