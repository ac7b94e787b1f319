/**
 * `npm run sandbox -- --port 4010 ...`: runs the sandbox until SIGTERM/SIGINT.
 * The first stdout line is the base URL (scripts wait for it); bad flags exit with status 2.
 */
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOptions } from './server';

const USAGE = `usage: npm run sandbox -- [--port 4010] [--client-id fc_demo] [--client-secret s3cr3t]
  [--validation-delay-ms 2000] [--rate-limit 300] [--rate-limit-window-ms 60000] [--token-ttl-s 3600]
  [--db :memory:|<file>] [--faults]`;

class UsageError extends Error {}

function integer(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

function parseOptions(argv: string[]): SandboxOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'validation-delay-ms': { type: 'string' },
        'validation-delay-max-ms': { type: 'string' },
        'rate-limit': { type: 'string' },
        'rate-limit-window-ms': { type: 'string' },
        'token-ttl-s': { type: 'string' },
        db: { type: 'string' },
        faults: { type: 'boolean' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const clientId = values['client-id'];
  if (clientId !== undefined && !clientId.startsWith('fc_')) throw new UsageError('--client-id must start with fc_');
  if (values['client-secret'] === '') throw new UsageError('--client-secret must not be empty');
  if (values.db === '') throw new UsageError('--db must be :memory: or a file path');
  const options: SandboxOptions = {
    port: integer('port', values.port, 0, 65535) ?? 4010,
    validationDelayMs: integer('validation-delay-ms', values['validation-delay-ms'], 0, 86_400_000),
    validationDelayMaxMs: integer('validation-delay-max-ms', values['validation-delay-max-ms'], 0, 86_400_000),
    rateLimit: integer('rate-limit', values['rate-limit'], 1, 1_000_000),
    rateLimitWindowMs: integer('rate-limit-window-ms', values['rate-limit-window-ms'], 1, 86_400_000),
    tokenTtlSeconds: integer('token-ttl-s', values['token-ttl-s'], 1, 31_536_000),
    clientId,
    clientSecret: values['client-secret'],
    db: values.db,
    faults: values.faults ?? false,
    log: (line) => process.stdout.write(`${line}\n`),
  };
  // Unset flags fall back to startSandbox's defaults.
  for (const key of Object.keys(options) as Array<keyof SandboxOptions>) if (options[key] === undefined) delete options[key];
  return options;
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`sandbox: ${err.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const sandbox = await startSandbox(options);
  process.stdout.write(`${sandbox.baseUrl}\n`);
  // Demo credentials only: the sandbox is a local stand-in, these are not real secrets.
  process.stdout.write(`client_id=${sandbox.clientId}\nclient_secret=${sandbox.clientSecret}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping\n`);
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`sandbox: error while stopping: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox: ${(err as Error).message}\n`);
  process.exit(1);
});
