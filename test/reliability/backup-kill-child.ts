/**
 * For the backup kill test: opens the till's data file and takes one copy into --folder, with tiny steps so the
 * copy takes a while; prints STEP once it is under way. The parent SIGKILLs it mid-copy.
 */
import { openStore } from '../../electron/core/store';
import { takeBackup } from '../../electron/core/backup/take-backup';

const arg = (name: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) throw new Error(`missing --${name}`);
  return value;
};
const store = openStore({ path: arg('db') });
let steps = 0;
const passphrase = process.env.BACKUP_PASSPHRASE ?? null;
await takeBackup({
  db: store.database(), stagingDir: arg('staging'), folder: arg('folder'), passphrase, now: Date.now, pagesPerStep: 1,
  onStep: () => {
    if (++steps === 20) process.stdout.write('STEP\n');
  },
});
process.stdout.write('DONE\n');
