/**
 * The print queue's engine: one job at a time, oldest first, through the configured printer. A job is marked
 * printed only after the printer took all its bytes (network-printer.ts says what that proves); a failure leaves
 * it waiting with a later attempt (backoff), and the jobs behind it wait too, so receipts come out in order. A job
 * whose bytes all left without the printer's confirmation is marked so: its next print is a reprint, never a
 * second original.
 * Every run is bounded (a fixed number of jobs), and the next one is set by a timer or by a new job.
 */
import type { PrinterStatusDto } from '../../../shared/bridge/types';
import { LIMITS } from '../../../shared/limits';
import type { PrinterConnection } from '../../../shared/printer';
import type { PrintJobRecord, PrintQueue } from '../store/print-queue';
import { asPrinterFault, PrinterFault } from './printer-fault';

export interface PrintEngineOptions {
  queue: PrintQueue;
  /** The printer as set up now (read at every job: a change in Settings applies to the next one). */
  connection(): PrinterConnection;
  /** The job's bytes, built now from the sale and the printer's settings; null = nothing to print any more (dropped). */
  bytesFor(job: PrintJobRecord): Promise<{ bytes: Uint8Array } | { drop: string }>;
  /**
   * Sends the bytes; `bytesLeft` is called once every byte has left for the printer, before its confirmation (a
   * connection that cannot tell never calls it).
   */
  send(connection: Exclude<PrinterConnection, { kind: 'none' }>, bytes: Uint8Array, bytesLeft?: () => void): Promise<void>;
  onStatus(status: PrinterStatusDto): void;
  now?: () => number;
  backoff?: { firstMs: number; maxMs: number };
  /** Jobs one run may print before it yields (the next run follows at once). */
  jobsPerRun?: number;
  log?: (line: string) => void;
}

export interface PrintEngine {
  /** A job was added or the printer changed: try now. */
  kick(): void;
  status(): PrinterStatusDto;
  /** Waits for the current run; no new run starts after this. */
  close(): Promise<void>;
}

export const DEFAULT_PRINT_BACKOFF = { firstMs: 1_000, maxMs: 30_000 };

const STATE_OF: Record<PrinterFault['code'], PrinterStatusDto['state']> = {
  REFUSED: 'not_responding', NO_ANSWER: 'not_responding', CLOSED: 'not_responding', SPOOLER: 'not_responding',
  PAPER_OUT: 'paper_out', OFFLINE: 'offline', NOT_CONFIGURED: 'not_configured',
};

export function printBackoffMs(attempts: number, backoff = DEFAULT_PRINT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(20, Math.max(0, attempts - 1)));
}

export function createPrintEngine(opts: PrintEngineOptions): PrintEngine {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  const backoff = opts.backoff ?? DEFAULT_PRINT_BACKOFF;
  const jobsPerRun = opts.jobsPerRun ?? 20;
  let state: PrinterStatusDto['state'] = 'idle';
  let lastError: { code: string; message: string; at: number } | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const status = (): PrinterStatusDto => {
    const waiting = opts.queue.waitingPrintJobs();
    const configured = opts.connection().kind !== 'none';
    return {
      configured,
      state: configured ? state : 'not_configured',
      waitingReceipts: waiting.receipts,
      waitingJobs: waiting.jobs,
      lastError: lastError?.message ?? null,
      lastErrorCode: lastError?.code ?? null,
      lastErrorAt: lastError?.at ?? null,
    };
  };
  const announce = () => {
    try {
      opts.onStatus(status());
    } catch (error) {
      log(`the printer's status could not be announced: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const wakeIn = (ms: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      kick();
    }, Math.max(0, ms));
    timer.unref?.();
  };

  async function printOne(job: PrintJobRecord): Promise<'next' | 'stop'> {
    const connection = opts.connection();
    if (connection.kind === 'none') {
      state = 'not_configured';
      return 'stop';
    }
    if (job.nextAttemptAt > now()) {
      wakeIn(job.nextAttemptAt - now());
      return 'stop';
    }
    if (job.kind === 'drawer' && now() - job.createdAt > LIMITS.drawerPulseMaxAgeMs) {
      // A drawer that opens minutes after its sale is a risk, not a service.
      opts.queue.dropPrintJob(job.id, 'the drawer pulse could not be sent in time');
      return 'next';
    }
    let built: { bytes: Uint8Array } | { drop: string };
    try {
      built = await opts.bytesFor(job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`print job ${job.id} could not be laid out: ${message}`);
      opts.queue.markPrintJobFailed(job.id, now() + printBackoffMs(job.attempts + 1, backoff), `could not be laid out: ${message}`);
      wakeIn(printBackoffMs(job.attempts + 1, backoff));
      return 'stop';
    }
    if ('drop' in built) {
      opts.queue.dropPrintJob(job.id, built.drop);
      return 'next';
    }
    state = 'printing';
    announce();
    try {
      // Recorded at once: if the confirmation never comes (a hang-up, a crash) the job may be on paper, and its
      // next print must say so.
      await opts.send(connection, built.bytes, () => opts.queue.markPrintJobBytesLeft(job.id));
    } catch (error) {
      const fault = asPrinterFault(error);
      const wait = printBackoffMs(job.attempts + 1, backoff);
      opts.queue.markPrintJobFailed(job.id, now() + wait, fault.message);
      state = STATE_OF[fault.code];
      lastError = { code: fault.code, message: fault.message, at: now() };
      log(`print job ${job.id} (${job.kind}) waits: ${fault.message}; next try in ${wait} ms`);
      wakeIn(wait);
      return 'stop';
    }
    opts.queue.markPrintJobPrinted(job.id);
    state = 'idle';
    lastError = null;
    return 'next';
  }

  async function run(): Promise<void> {
    for (let i = 0; i < jobsPerRun && !closed; i++) {
      const job = opts.queue.headPrintJob();
      if (!job) {
        if (state === 'printing') state = 'idle';
        break;
      }
      const next = await printOne(job);
      announce();
      if (next === 'stop') return;
    }
    if (opts.queue.headPrintJob()) again = true;
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = run()
      .catch((error: unknown) => log(`the print engine stopped a run: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = null;
        announce();
        if (again && !closed) kick();
      });
  }

  return {
    kick,
    status,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export { PrinterFault };
