/**
 * `npm run restore -- --from FILE --data-dir DIR [--passphrase-env VAR] [--yes]`: puts a backup back on a machine
 * (a new one, or this one with Mostrador closed). First says what the copy holds; replaces nothing until confirmed
 * (typed "si", or --yes). The replaced data file is kept beside it with a timestamp. Its words are Spanish
 * (restore-cli-text.ts).
 */
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { inspectCopy, markForRestore, replaceDataFile, discardInspected, RestoreRefused } from './core/backup/restore';
import { DATA_FILE } from './compose';
import { DataFolderInUse, EXIT_FOLDER_IN_USE, lockDataFolder, type DataFolderLock } from '../common/data-folder-lock';
import { restoreFolderInUseText } from './data-folder-text';
import {
  HELP, USAGE, argumentProblem, dataDirProblem, confirmQuestion, emptyPassphraseVariable, failedText, isYes, missingArguments, nothingReplaced, refusalText,
  refused, restoredText, summaryText,
} from './restore-cli-text';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2), strict: true,
      options: { from: { type: 'string' }, 'data-dir': { type: 'string' }, 'passphrase-env': { type: 'string' }, yes: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    process.stderr.write(`${argumentProblem(error)}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!values.from || !values['data-dir']) {
    process.stderr.write(`${missingArguments}\n${USAGE}\n`);
    return 2;
  }
  const envName = values['passphrase-env'];
  // The passphrase comes through the environment, never the command line (which other users can list).
  const passphrase = envName ? process.env[envName] ?? null : null;
  if (envName && !passphrase) {
    process.stderr.write(`${emptyPassphraseVariable(envName)}\n`);
    return 2;
  }
  const dataDir = values['data-dir'];
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    process.stderr.write(`${dataDirProblem(dataDir, (error as NodeJS.ErrnoException).code)}\n`);
    return 1;
  }
  // Never under a running till (issue 25): the folder is held from the first look at the copy to the swap, so a till
  // started meanwhile is refused too.
  let lock: DataFolderLock;
  try {
    lock = lockDataFolder(dataDir, 'till restore');
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    process.stderr.write(`${restoreFolderInUseText(error)}\n`);
    return EXIT_FOLDER_IN_USE;
  }
  try {
    return await restoreLocked(values.from, dataDir, passphrase, values.yes === true);
  } finally {
    lock.release();
  }
}

async function restoreLocked(from: string, dataDir: string, passphrase: string | null, yes: boolean): Promise<number> {
  let copy;
  try {
    copy = await inspectCopy(from, { dataDir, passphrase });
  } catch (error) {
    if (error instanceof RestoreRefused) {
      process.stderr.write(`${refused(error.code, refusalText(error.code, error.facts, from))}\n`);
      return 3;
    }
    throw error;
  }
  process.stdout.write(summaryText(copy, dataDir));
  let confirmed = yes;
  if (!confirmed && process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    confirmed = isYes(await rl.question(confirmQuestion));
    rl.close();
  }
  if (!confirmed) {
    await discardInspected(copy);
    process.stdout.write(`${nothingReplaced}\n`);
    return 1;
  }
  await markForRestore(copy, dataDir, DATA_FILE);
  const done = await replaceDataFile(dataDir, DATA_FILE, Date.now);
  process.stdout.write(restoredText(done?.replaced ?? null, copy.contents.service));
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`${failedText(error instanceof Error ? error.message : String(error))}\n`);
  process.exit(1);
});
