/**
 * Every shell command README.md and docs/ show is run on this checkout, or checked as a marked dry run (the rule is
 * at the top of docs/README.md), and every relative link in them points at a file that exists. A doc that names a
 * missing npm script, file, server subcommand or flag fails here.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingLinkTarget, missingRepoPath, readDocs, ROOT } from './doc-commands';
import { judgeCommand } from './judge-command';

const { commands, links, untagged, paths } = readDocs();

/** How a command is judged, for the test's name: run for real (a CLI's --help, the sandbox, browser mode) or dry. */
function plan(text: string): string {
  if (/npm run (sandbox|start:web)\b/.test(text)) return 'runs it on a free port';
  if (/npm run (server|restore|shop:dump)\b|server\/cli\.ts|restore-cli\.ts|dump-cli\.ts/.test(text)) return 'runs its --help';
  return 'dry run';
}

describe('the commands in README.md and docs/', () => {
  it('finds the commands (the README\'s two among them)', () => {
    const readme = commands.filter((c) => c.file === 'README.md').map((c) => c.text);
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    expect(commands.length).toBeGreaterThan(50);
  });

  it('no untagged block shows a command (tag it ```sh, or ```text for output)', () => {
    expect(untagged.map((u) => `${u.file}:${u.line}: ${u.text}`)).toEqual([]);
  });

  const ran: string[] = [];
  for (const command of commands) {
    it(`${command.file}:${command.line} [${plan(command.text)}] ${command.kind === 'inline' ? '(inline) ' : ''}${command.text.slice(0, 90)}`, async () => {
      const verdict = await judgeCommand(command.text, command.kind);
      ran.push(...verdict.ran);
      expect(verdict.problems).toEqual([]);
    }, 60_000);
  }

  it('ran the CLIs for real: the server\'s --help and its subcommands\', the restore\'s, the dump\'s, the sandbox, browser mode', () => {
    const distinct = new Set(ran);
    expect([...distinct].filter((r) => r.startsWith('server/cli.ts ')).length).toBeGreaterThanOrEqual(5);
    expect(distinct).toContain('electron/restore-cli.ts --help');
    expect(distinct).toContain('server/dump-cli.ts --help');
    expect([...distinct].some((r) => r.startsWith('sandbox '))).toBe(true);
    expect([...distinct].some((r) => r.startsWith('browser mode'))).toBe(true);
  });
});

describe('the README\'s prerequisites', () => {
  it('name the Debian packages .ci/run installs, no more, no fewer', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const installed = /for pkg in ([^;]+);/.exec(ci)?.[1]?.trim().split(/\s+/) ?? [];
    const readme = commands.find((c) => c.file === 'README.md' && c.text.startsWith('sudo apt-get install '));
    expect(installed.length).toBeGreaterThan(5);
    expect(readme?.text.split(/\s+/).slice(3).sort()).toEqual([...installed].sort());
  });
});

describe('the judge itself', () => {
  it('fails a missing npm script, a missing file, an unknown server subcommand or flag, a bench flag nobody reads', async () => {
    const wrong = [
      'npm run no-such-script',
      'npx tsx test/no-such-file.ts',
      'npm run server -- frobnicate --data-dir X',
      'npm run server -- status --data-dir X --no-such-flag',
      'npm run bench:sync -- --no-such-bench-flag 3',
      'curl -s $B/v1/no-such-route',
      'frobnicator --now',
      'npm run start:web -- --no-such-option',
    ];
    for (const text of wrong) expect((await judgeCommand(text, 'block')).problems, text).not.toEqual([]);
    expect((await judgeCommand('npm run server -- status --data-dir X', 'block')).problems).toEqual([]);
  }, 60_000);
});

describe('the relative links and the paths in README.md and docs/', () => {
  it('every one points at a file that exists', () => {
    const broken = links.flatMap((l) => {
      const missing = missingLinkTarget(l);
      return missing ? [`${l.file}:${l.line}: ${l.target} (no ${missing})`] : [];
    });
    expect(broken).toEqual([]);
    expect(links.length).toBeGreaterThan(20);
  });

  it('every file or folder of the repository named in code (`server/cli.ts`) exists', () => {
    const missing = paths.flatMap((p) => (missingRepoPath(p) ? [`${p.file}:${p.line}: ${p.target}`] : []));
    expect(missing).toEqual([]);
    expect(paths.length).toBeGreaterThan(100);
  });
});
