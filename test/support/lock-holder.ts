/**
 * A process that holds a data folder's lock until it is killed: `node --import tsx test/support/lock-holder.ts DIR
 * PROGRAM`. Prints `locked <pid>` once it holds it, or `refused <message>` and exits 3. It keeps no reference to the
 * lock and, run with --expose-gc, collects garbage before saying so: the lock must outlive its handle's collection.
 */
import { DataFolderInUse, lockDataFolder, type LockProgram } from '../../common/data-folder-lock';

const [dir, program = 'till'] = process.argv.slice(2);
try {
  lockDataFolder(dir!, program as LockProgram);
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write(`locked ${process.pid}\n`);
  setInterval(() => {}, 60_000);
} catch (error) {
  process.stdout.write(`refused ${(error as Error).message}\n`);
  process.exit(error instanceof DataFolderInUse ? 3 : 1);
}
