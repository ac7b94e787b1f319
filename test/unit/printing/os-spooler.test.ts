/**
 * The OS spooler path with a STAND-IN `lp` (CUPS is not installed on these machines): a small shell script that
 * records its arguments and the bytes on its standard input, or fails like lp does for an unknown queue.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drawerPulseBytes } from '../../../electron/core/printing/escpos-bytes';
import { sendToOsQueue } from '../../../electron/core/printing/os-spooler';
import { printerQueueSchema } from '../../../shared/printer';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function standInLp(body: string): { command: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mostrador-lp-'));
  dirs.push(dir);
  const command = join(dir, 'lp');
  writeFileSync(command, `#!/bin/sh\n${body}\n`);
  chmodSync(command, 0o755);
  return { command, dir };
}

describe('printing through the OS spooler (stand-in lp)', () => {
  it('hands the raw bytes to lp -d <queue> -o raw, with no shell in between', async () => {
    const { command, dir } = standInLp(`printf '%s\\n' "$@" > "${'$'}(dirname "$0")/args"; cat > "${'$'}(dirname "$0")/job"`);
    const bytes = drawerPulseBytes();
    await sendToOsQueue('Recibos_80; rm -rf x', bytes, { command });
    expect(readFileSync(join(dir, 'args'), 'utf8')).toBe('-d\nRecibos_80; rm -rf x\n-o\nraw\n');
    expect(new Uint8Array(readFileSync(join(dir, 'job')))).toEqual(bytes);
  });

  it('says why when the spooler refuses the job or is missing', async () => {
    const { command } = standInLp(`cat > /dev/null; echo 'lp: The printer or class does not exist.' >&2; exit 1`);
    await expect(sendToOsQueue('nope', drawerPulseBytes(), { command })).rejects.toMatchObject({ code: 'SPOOLER', message: expect.stringContaining('does not exist') });
    await expect(sendToOsQueue('q', drawerPulseBytes(), { command: '/nonexistent/lp' })).rejects.toMatchObject({ code: 'SPOOLER', message: expect.stringContaining('not installed') });
  });

  it('refuses a queue name that lp could read as an option', () => {
    expect(printerQueueSchema.safeParse('-oraw').success).toBe(false);
    expect(printerQueueSchema.safeParse('Recibos_80').success).toBe(true);
  });
});
