/**
 * `npm run restore -- --from FILE --data-dir DIR [--passphrase-env VAR] [--yes]`: puts a backup back on a machine
 * (a new one, or this one with Mostrador closed). First says what the copy holds; replaces nothing until confirmed
 * (typed "si", or --yes). The replaced data file is kept beside it with a timestamp.
 */
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { inspectCopy, markForRestore, replaceDataFile, discardInspected, RestoreRefused, SECRET_NOT_IN_BACKUP } from './core/backup/restore';
import { DATA_FILE } from './compose';

const USAGE = 'usage: npm run restore -- --from <backup file> --data-dir <folder> [--passphrase-env <VARIABLE>] [--yes]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2), strict: true,
      options: { from: { type: 'string' }, 'data-dir': { type: 'string' }, 'passphrase-env': { type: 'string' }, yes: { type: 'boolean' } },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!values.from || !values['data-dir']) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const envName = values['passphrase-env'];
  // The passphrase comes through the environment, never the command line (which other users can list).
  const passphrase = envName ? process.env[envName] ?? null : null;
  if (envName && !passphrase) {
    process.stderr.write(`The variable ${envName} is empty: set it to the backup's passphrase.\n`);
    return 2;
  }
  const dataDir = values['data-dir'];
  mkdirSync(dataDir, { recursive: true });
  let copy;
  try {
    copy = await inspectCopy(values.from, { dataDir, passphrase });
  } catch (error) {
    if (error instanceof RestoreRefused) {
      const hint = error.code === 'NEEDS_PASSPHRASE' ? ' Pass --passphrase-env with the name of a variable holding it.' : '';
      process.stderr.write(`Refused (${error.code}): ${error.message}${hint}\n`);
      return 3;
    }
    throw error;
  }
  const c = copy.contents;
  process.stdout.write([
    `Backup: ${copy.source}${copy.encrypted ? ' (encrypted)' : ''}`,
    `  taken:            ${new Date(copy.takenAt).toLocaleString()}`,
    `  sales:            ${c.sales}`,
    `  last sale number: ${c.lastSaleNumber ?? 'none'}${c.lastSaleAt ? ` (${new Date(c.lastSaleAt).toLocaleString()})` : ''}`,
    `  closed shifts:    ${c.closedShifts}`,
    `  customers:        ${c.customers}`,
    `  products:         ${c.products}`,
    `It will replace the data file in ${dataDir} (the current one is kept, renamed with the date and time).`,
    '',
  ].join('\n'));
  let confirmed = values.yes === true;
  if (!confirmed && process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    confirmed = /^(s|si|sí|y|yes)$/i.test((await rl.question('Restore it? (si/no) ')).trim());
    rl.close();
  }
  if (!confirmed) {
    await discardInspected(copy);
    process.stdout.write('Nothing was replaced. Run again with --yes to restore this copy.\n');
    return 1;
  }
  await markForRestore(copy, dataDir, DATA_FILE);
  const done = await replaceDataFile(dataDir, DATA_FILE, Date.now);
  process.stdout.write(`Restored.${done?.replaced ? ` The previous data file is kept as ${done.replaced}.` : ''}\n${SECRET_NOT_IN_BACKUP}\n`);
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`The restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
