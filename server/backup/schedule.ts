/**
 * The server's daily copy, without anyone thinking of it: a copy is due when none was taken since the last
 * scheduled time (03:00 by default, the shop's local clock), which also catches up at start on a day the server
 * was off at that hour. One copy at a time; after a failure the next try is an hour later. Every copy and every
 * failure is logged in one plain line.
 */
import { shopDateTime } from '../cli-text';
import { BackupFailed, listServerCopies, takeServerCopy, type TakeCopyOptions, type TakenCopy } from './server-copies';

export const DEFAULT_BACKUP_AT = '03:00';
export const RETRY_AFTER_MS = 60 * 60_000;
const TICK_MS = 60_000;

export type CopyOutcome = { ok: true; copy: TakenCopy } | { ok: false; message: string };

export interface BackupSchedule {
  /** When the newest good copy was taken (null: none in the folder). */
  newest(): number | null;
  /** The daily check: takes a copy when one is due. The timer calls it every minute; tests call it with their clock. */
  tick(): Promise<CopyOutcome | null>;
  /** One copy now (or the one already running). */
  run(): Promise<CopyOutcome>;
  start(): void;
  close(): Promise<void>;
}

export function parseBackupAt(text: string): { hour: number; minute: number } {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const hour = Number(m?.[1]);
  const minute = Number(m?.[2]);
  if (!m || hour > 23 || minute > 59) throw new Error(`--backup-at must be a time of day like 03:00, not ${text}`);
  return { hour, minute };
}

/** The latest moment at `at` o'clock (local) not after `now`. */
export function lastSlot(now: number, at: { hour: number; minute: number }): number {
  const d = new Date(now);
  const slot = new Date(d.getFullYear(), d.getMonth(), d.getDate(), at.hour, at.minute, 0, 0);
  if (slot.getTime() > now) slot.setDate(slot.getDate() - 1);
  return slot.getTime();
}

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1).replace('.', ',')} MB`;

export interface ScheduleOptions extends Omit<TakeCopyOptions, 'now'> {
  now: () => number;
  at: { hour: number; minute: number };
  log: (line: string) => void;
}

export async function createBackupSchedule(opts: ScheduleOptions): Promise<BackupSchedule> {
  const { now, log, folder } = opts;
  let newest: number | null = (await listServerCopies(folder).catch(() => []))[0]?.at ?? null;
  let lastFailure: number | null = null;
  let current: Promise<CopyOutcome> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function once(): Promise<CopyOutcome> {
    try {
      const copy = await takeServerCopy({ ...opts, now });
      newest = copy.record.takenAt;
      lastFailure = null;
      const c = copy.record.counts;
      // The owner reads these lines (journal, Event Viewer): Spanish like the server's commands (issue 27).
      log(`copia: guardada ${copy.path} (${megabytes(copy.record.bytes)}, verificada: ${c.sales} ventas, ${c.shifts} turnos, ${c.products} productos, `
        + `${c.customers} clientes, ${c.people} personas, ${c.tills} cajas; ${copy.ms} ms${copy.heldMs ? `, el almacén esperó ${copy.heldMs} ms` : ''})`
        + `${copy.removed.length ? `; retiradas por la rotación: ${copy.removed.join(', ')}` : ''}`);
      return { ok: true, copy };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      lastFailure = now();
      log(`copia FALLIDA, no se guardó nada de este intento: ${message}. `
        + `${newest === null ? 'Aún no hay ninguna copia buena.' : `La copia buena más nueva es del ${shopDateTime(newest)}.`} Próximo intento en una hora.`);
      return { ok: false, message: error instanceof BackupFailed ? message : `unexpected: ${message}` };
    }
  }

  function run(): Promise<CopyOutcome> {
    if (closed) return Promise.resolve({ ok: false, message: 'the server is stopping' });
    current ??= once().finally(() => { current = null; });
    return current;
  }

  async function tick(): Promise<CopyOutcome | null> {
    const at = now();
    if (closed || current) return null;
    if (newest !== null && newest >= lastSlot(at, opts.at)) return null;
    if (lastFailure !== null && at - lastFailure < RETRY_AFTER_MS) return null;
    return run();
  }

  return {
    newest: () => newest,
    run,
    tick,
    start() {
      if (timer || closed) return;
      void tick();
      timer = setInterval(() => void tick(), TICK_MS);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await current?.catch(() => {});
    },
  };
}
