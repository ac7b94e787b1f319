import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './sandbox-calls';

const STEP_TIMEOUT_MS = 20_000;
const children: ChildProcess[] = [];

// The tsx binary that `npx tsx` resolves to, run directly: npm exec relays SIGTERM but then reports its own
// death by signal (143), which would hide the sandbox's exit status.
const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');

function runCli(args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string } {
  // Own process group, so cleanup can kill tsx and the node process it starts together.
  const child = spawn(TSX, ['sandbox/cli.ts', ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return { child, stdout: () => out, stderr: () => err };
}

/** Resolves with the exit code, or rejects after a bound so a hung process cannot hang the suite. */
async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const timer = setTimeout(() => killGroup(child), STEP_TIMEOUT_MS);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return code;
}

async function firstLine(read: () => string, child: ChildProcess): Promise<string> {
  for (let i = 0; i < STEP_TIMEOUT_MS / 50; i++) {
    const text = read();
    if (text.includes('\n')) return text.split('\n')[0]!;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no first line from the sandbox cli; stdout so far: ${read()}`);
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

afterEach(() => {
  for (const child of children.splice(0)) killGroup(child);
});

describe('sandbox cli', () => {
  it('prints the base URL first, then the demo credentials, serves, and exits 0 on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--client-id', 'fc_cli', '--client-secret', 'cli-secret', '--validation-delay-ms', '0', '--rate-limit', '50', '--faults']);
    const url = await firstLine(run.stdout, run.child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await call(url, 'GET', '/sandbox/health');
    expect(health.status).toBe(200);
    const token = await call(url, 'POST', '/v1/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: 'fc_cli', client_secret: 'cli-secret' },
    });
    expect(token.status).toBe(200);
    expect(run.stdout()).toContain('fc_cli');
    run.child.kill('SIGTERM');
    expect(await exitCode(run.child)).toBe(0);
  });

  it('exits 2 with a clear message for a bad flag', async () => {
    for (const args of [['--port', 'not-a-port'], ['--unknown-flag'], ['--client-id', 'demo']]) {
      const run = runCli(args);
      expect(await exitCode(run.child), args.join(' ')).toBe(2);
      expect(run.stderr()).toMatch(/sandbox: .+/);
      expect(run.stdout()).toBe('');
    }
  });
});
