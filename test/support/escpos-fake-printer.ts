/**
 * A fake network receipt printer for tests: a TCP server on 127.0.0.1 that records the bytes of every connection
 * and answers the real-time status questions (DLE EOT 1 and 4) as a healthy, offline or paper-less printer would.
 * Faults: `refuse` (not listening: connection refused), `silent` (accepts, reads, never answers), `closeMidJob`
 * (hangs up after part of a job), `dropAfterJob` (takes the whole job, cut included, then hangs up when asked its
 * status), `paperOut`, `offline` (cover open), `paperEndOffline` (an Epson at paper end: offline, and says why only
 * to DLE EOT 2 and 4), `flood` (streams bytes at whoever connects).
 *
 * A status question is recognised when a read ends with it: the client asks and waits for the answer, so over
 * loopback a question always ends the segment that carries it.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type FakePrinterMode = 'ok' | 'silent' | 'closeMidJob' | 'dropAfterJob' | 'paperOut' | 'offline' | 'paperEndOffline' | 'flood';

export interface FakePrinter {
  port: number;
  /** Job bytes of each connection (status questions taken out), in order. */
  connections: Uint8Array[];
  /** Connections whose bytes form at least one whole job (they end with a cut). */
  mode: FakePrinterMode;
  /** In closeMidJob mode: bytes of a job taken before hanging up. */
  closeAfterBytes: number;
  /** Stop listening (connections are refused) / listen again on the same port. */
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

const STATUS_OK = 0x12;
const PRINTER_OFFLINE = 0x1a; // bit 3
const PAPER_END = 0x72; // bits 5 and 6
const COVER_OPEN = 0x16; // DLE EOT 2, bit 2
const STOPPED_AT_PAPER_END = 0x32; // DLE EOT 2, bit 5

export async function startFakePrinter(opts: { mode?: FakePrinterMode; port?: number } = {}): Promise<FakePrinter> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const printer: FakePrinter = {
    port: opts.port ?? 0,
    connections: [],
    mode: opts.mode ?? 'ok',
    closeAfterBytes: 200,
    async refuse() {
      for (const s of sockets) s.destroy();
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async accept() {
      if (server) return;
      server = createServer(onConnection);
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(printer.port, '127.0.0.1', () => resolve());
      });
      const address = listening.address();
      if (address && typeof address === 'object') printer.port = address.port;
    },
    async close() {
      await printer.refuse();
    },
  };

  function onConnection(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const index = printer.connections.push(new Uint8Array()) - 1;
    const mode = printer.mode;
    if (mode === 'flood') {
      const junk = Buffer.alloc(64 * 1024, 0x00);
      const pour = () => {
        while (!socket.destroyed && socket.write(junk));
        if (!socket.destroyed) socket.once('drain', pour);
      };
      pour();
    }
    socket.on('data', (chunk: Buffer) => {
      let data = chunk;
      let question: number | null = null;
      const n = data.length;
      if (n >= 3 && data[n - 3] === 0x10 && data[n - 2] === 0x04 && (data[n - 1] === 1 || data[n - 1] === 2 || data[n - 1] === 4)) {
        question = data[n - 1] as number;
        data = data.subarray(0, n - 3);
      }
      const before = printer.connections[index] ?? new Uint8Array();
      let taken = data;
      if (mode === 'closeMidJob' && before.length + data.length > printer.closeAfterBytes) {
        taken = data.subarray(0, Math.max(0, printer.closeAfterBytes - before.length));
        printer.connections[index] = Buffer.concat([before, taken]);
        socket.destroy();
        return;
      }
      printer.connections[index] = Buffer.concat([before, taken]);
      if (question === null || mode === 'silent' || mode === 'flood') return;
      if (mode === 'dropAfterJob' && (printer.connections[index]?.length ?? 0) > 0) {
        socket.destroy();
        return;
      }
      const offline = mode === 'offline' || mode === 'paperEndOffline';
      if (question === 1) socket.write(Uint8Array.of(offline ? PRINTER_OFFLINE : STATUS_OK));
      else if (question === 2) socket.write(Uint8Array.of(mode === 'offline' ? COVER_OPEN : mode === 'paperEndOffline' ? STOPPED_AT_PAPER_END : STATUS_OK));
      else socket.write(Uint8Array.of(mode === 'paperOut' || mode === 'paperEndOffline' ? PAPER_END : STATUS_OK));
    });
  }

  await printer.accept();
  return printer;
}

/** The connections that carried a whole job (bytes ending in a cut, GS V). */
export function wholeJobs(printer: FakePrinter): Uint8Array[] {
  return printer.connections.filter((bytes) => {
    const text = Buffer.from(bytes).toString('latin1');
    return /\x1dV/.test(text.slice(-12));
  });
}
