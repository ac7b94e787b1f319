/**
 * A network receipt printer on raw TCP (port 9100). Every step has its own time limit, so a printer that is off,
 * unplugged or hung never holds the queue for long.
 *
 * What "printed" means here: with the status check on, the printer is asked for its real-time status (DLE EOT)
 * before the job (offline or out of paper: the job is not sent at all) and again after it. TCP delivers in order, so
 * an answer to the second question proves the printer received every byte of the job. Without the status check
 * (printers that never answer it) all we know is that the bytes left this computer and the printer closed cleanly.
 */
import { Socket } from 'node:net';
import { PrinterFault } from './printer-fault';

export interface NetworkPrinterTimeouts {
  /** To open the connection (a printer that is off or unplugged). */
  connectMs: number;
  /** For each status answer (a printer that accepts and never answers). */
  answerMs: number;
  /** For the job's bytes to be taken (a printer that stopped reading). */
  writeMs: number;
}

export const DEFAULT_NETWORK_TIMEOUTS: NetworkPrinterTimeouts = { connectMs: 3_000, answerMs: 3_000, writeMs: 15_000 };

/**
 * DLE EOT n: real-time status. 1 = printer (bit 3: offline), 2 = why it is offline (bit 2: cover open, bit 5: stopped
 * at paper end, bit 6: an error), 4 = paper roll sensor (bits 5-6: paper end). An Epson at paper end answers 1 with
 * "offline", so 2 and 4 are asked too before saying why.
 */
const ASK_PRINTER = Uint8Array.of(0x10, 0x04, 0x01);
const ASK_OFFLINE_CAUSE = Uint8Array.of(0x10, 0x04, 0x02);
const ASK_PAPER = Uint8Array.of(0x10, 0x04, 0x04);
/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear. */
const isStatusByte = (b: number): boolean => (b & 0x93) === 0x12;
/**
 * A printer says a byte per question (a few more with automatic status back). Anything past this on one connection
 * is not a printer talking: the connection is dropped, and nothing received is kept beyond the one answer looked for.
 */
export const MAX_BYTES_FROM_PRINTER = 1_024;

export interface NetworkPrinterTarget {
  host: string;
  port: number;
  statusCheck: boolean;
}

/** `bytesLeft` is called once every byte of the job has left this computer, before the printer confirms it. */
export async function sendToNetworkPrinter(
  target: NetworkPrinterTarget, bytes: Uint8Array, timeouts: NetworkPrinterTimeouts = DEFAULT_NETWORK_TIMEOUTS, bytesLeft?: () => void,
): Promise<void> {
  const where = `${target.host}:${target.port}`;
  const socket = new Socket();
  let receivedBytes = 0;
  // The answer to the question being asked (null: none yet). Only this is kept of what the printer sends.
  let asking = false;
  let answer: number | null = null;
  let waiter: (() => void) | null = null;
  let failure: PrinterFault | null = null;
  socket.on('data', (chunk: Buffer) => {
    receivedBytes += chunk.length;
    if (receivedBytes > MAX_BYTES_FROM_PRINTER) {
      failure ??= new PrinterFault('CLOSED', `the device at ${where} sends data nobody asked for; it may not be a receipt printer`);
      socket.destroy();
    } else if (asking && answer === null) {
      const found = chunk.find(isStatusByte);
      if (found !== undefined) answer = found;
    }
    waiter?.();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    failure ??= error.code === 'ECONNREFUSED'
      ? new PrinterFault('REFUSED', `the printer at ${where} refused the connection (off, or another port)`)
      : new PrinterFault('CLOSED', `the connection to the printer at ${where} failed (${error.code ?? error.message})`);
    waiter?.();
  });
  socket.on('close', () => {
    failure ??= new PrinterFault('CLOSED', `the printer at ${where} closed the connection`);
    waiter?.();
  });

  /** Resolves when `ready()` holds, rejects on a failure or after `ms`. */
  const until = (ready: () => boolean, ms: number, onTimeout: () => PrinterFault): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (ready()) finish(resolve);
        else if (failure) finish(() => reject(failure));
      };
      const timer = setTimeout(() => finish(() => reject(onTimeout())), ms);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        waiter = null;
        then();
      };
      waiter = check;
      check();
    });

  const ask = async (question: Uint8Array): Promise<number> => {
    answer = null;
    asking = true;
    socket.write(question);
    try {
      await until(() => answer !== null, timeouts.answerMs,
        () => new PrinterFault('NO_ANSWER', `the printer at ${where} accepted the connection but does not answer`));
    } finally {
      asking = false;
    }
    return answer ?? 0;
  };

  /** Offline: why. Paper end says "out of paper"; a printer that does not answer these stays "offline". */
  const whyOffline = async (): Promise<PrinterFault> => {
    const cause = await ask(ASK_OFFLINE_CAUSE).catch(() => null);
    const paper = failure ? null : await ask(ASK_PAPER).catch(() => null);
    if (failure) return failure;
    if ((cause !== null && cause & 0x20) || (paper !== null && paper & 0x60)) {
      return new PrinterFault('PAPER_OUT', `the printer at ${where} is out of paper (offline at paper end)`);
    }
    if (cause !== null && cause & 0x04) return new PrinterFault('OFFLINE', `the printer at ${where} is offline: its cover is open`);
    if (cause !== null && cause & 0x40) return new PrinterFault('OFFLINE', `the printer at ${where} is offline: it reports an error`);
    return new PrinterFault('OFFLINE', `the printer at ${where} is offline (cover open or an error)`);
  };

  try {
    let connected = false;
    socket.connect({ host: target.host, port: target.port });
    socket.once('connect', () => {
      connected = true;
      waiter?.();
    });
    await until(() => connected, timeouts.connectMs, () => new PrinterFault('NO_ANSWER', `the printer at ${where} does not answer (off or unplugged)`));

    if (target.statusCheck) {
      // Nothing of the job is sent to a printer that cannot print it now: it would print whenever it came back,
      // and the queue would send it again.
      if ((await ask(ASK_PRINTER)) & 0x08) throw await whyOffline();
      if ((await ask(ASK_PAPER)) & 0x60) throw new PrinterFault('PAPER_OUT', `the printer at ${where} is out of paper`);
    }

    let written = false;
    socket.write(bytes, (error) => {
      if (!error) written = true;
      waiter?.();
    });
    await until(() => written, timeouts.writeMs, () => new PrinterFault('NO_ANSWER', `the printer at ${where} stopped taking the job`));
    // From here the job may be on paper whatever happens next.
    bytesLeft?.();

    if (target.statusCheck) {
      await ask(ASK_PRINTER);
    } else {
      let closed = false;
      socket.once('close', (hadError) => {
        closed = !hadError;
        waiter?.();
      });
      socket.end();
      // A clean close here is not a failure: it is what we asked for.
      await until(() => closed, timeouts.writeMs, () => new PrinterFault('NO_ANSWER', `the printer at ${where} did not finish taking the job`))
        .catch((error: unknown) => {
          if (!closed) throw error;
        });
    }
  } finally {
    socket.destroy();
  }
}
