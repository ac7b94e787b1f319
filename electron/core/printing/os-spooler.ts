/**
 * A printer installed in the operating system, fed raw ESC/POS through its spooler: `lp -d <queue> -o raw` (CUPS,
 * on Linux and macOS). The queue name is passed as an argument, never through a shell, and can never start with
 * '-' (shared/printer.ts). "Printed" here means the spooler accepted the job (lp exited 0); what the printer did
 * with it afterwards the spooler knows, not us.
 *
 * Windows has no `lp`: raw jobs go through the Win32 spooler (OpenPrinter / StartDocPrinter with the RAW datatype /
 * WritePrinter), which needs a native module this project does not ship yet; there a printer is used over the
 * network, or through Chromium's print dialog.
 */
import { spawn } from 'node:child_process';
import { PrinterFault } from './printer-fault';

export interface SpoolerOptions {
  /** The `lp` program (tests and unusual installs point elsewhere). */
  command?: string;
  timeoutMs?: number;
  platform?: NodeJS.Platform;
}

export function sendToOsQueue(queue: string, bytes: Uint8Array, opts: SpoolerOptions = {}): Promise<void> {
  if ((opts.platform ?? process.platform) === 'win32' && !opts.command) {
    return Promise.reject(new PrinterFault('SPOOLER', 'raw printing through the Windows spooler is not available yet; use a network printer'));
  }
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    const child = spawn(opts.command ?? 'lp', ['-d', queue, '-o', 'raw'], { stdio: ['pipe', 'ignore', 'pipe'], shell: false });
    let stderr = '';
    let settled = false;
    const settle = (error: PrinterFault | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(new PrinterFault('SPOOLER', `the print spooler did not take the job within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString('utf8')).slice(-300); });
    child.on('error', (error: NodeJS.ErrnoException) => settle(new PrinterFault('SPOOLER', error.code === 'ENOENT'
      ? 'the print spooler (lp, from CUPS) is not installed'
      : `the print spooler could not be started (${error.message})`)));
    child.on('close', (code) => settle(code === 0 ? null : new PrinterFault('SPOOLER', `the print spooler refused the job for queue ${queue}: ${stderr.trim() || `exit ${String(code)}`}`)));
    child.stdin.on('error', () => { /* reported by 'close' with lp's exit code */ });
    child.stdin.end(Buffer.from(bytes));
  });
}
