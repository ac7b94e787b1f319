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

/** DLE EOT n: real-time status. 1 = printer (bit 3: offline), 4 = paper roll sensor (bits 5-6: paper end). */
const ASK_PRINTER = Uint8Array.of(0x10, 0x04, 0x01);
const ASK_PAPER = Uint8Array.of(0x10, 0x04, 0x04);
/** Every status byte has bits 1 and 4 set and bits 0 and 7 clear. */
const isStatusByte = (b: number): boolean => (b & 0x93) === 0x12;

export interface NetworkPrinterTarget {
  host: string;
  port: number;
  statusCheck: boolean;
}

export async function sendToNetworkPrinter(target: NetworkPrinterTarget, bytes: Uint8Array, timeouts: NetworkPrinterTimeouts = DEFAULT_NETWORK_TIMEOUTS): Promise<void> {
  const where = `${target.host}:${target.port}`;
  const socket = new Socket();
  const received: number[] = [];
  let waiter: (() => void) | null = null;
  let failure: PrinterFault | null = null;
  socket.on('data', (chunk: Buffer) => {
    received.push(...chunk);
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
    const before = received.length;
    socket.write(question);
    await until(() => received.slice(before).some(isStatusByte), timeouts.answerMs,
      () => new PrinterFault('NO_ANSWER', `the printer at ${where} accepted the connection but does not answer`));
    return received.slice(before).find(isStatusByte) ?? 0;
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
      if ((await ask(ASK_PRINTER)) & 0x08) throw new PrinterFault('OFFLINE', `the printer at ${where} is offline (cover open or an error)`);
      if ((await ask(ASK_PAPER)) & 0x60) throw new PrinterFault('PAPER_OUT', `the printer at ${where} is out of paper`);
    }

    let written = false;
    socket.write(bytes, (error) => {
      if (!error) written = true;
      waiter?.();
    });
    await until(() => written, timeouts.writeMs, () => new PrinterFault('NO_ANSWER', `the printer at ${where} stopped taking the job`));

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
