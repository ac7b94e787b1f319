/**
 * The raw TCP path against the fake printer: a printer that takes the whole job and hangs up before confirming it
 * (the job may be on paper: the caller is told), a device that floods the connection (dropped at once, nothing
 * kept, the event loop free), and an Epson at paper end that reports itself offline (asked why: "out of paper").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BYTES_FROM_PRINTER, sendToNetworkPrinter } from '../../../electron/core/printing/network-printer';
import { PrinterFault } from '../../../electron/core/printing/printer-fault';
import { startFakePrinter, wholeJobs, type FakePrinter, type FakePrinterMode } from '../../support/escpos-fake-printer';

const JOB = Uint8Array.from([...Buffer.from('Recibo de prueba\n'.repeat(40), 'latin1'), 0x1d, 0x56, 0x00]);
const TIMEOUTS = { connectMs: 1_000, answerMs: 3_000, writeMs: 3_000 };

const printers: FakePrinter[] = [];
afterEach(async () => {
  for (const p of printers.splice(0)) await p.close();
});
async function fake(mode: FakePrinterMode): Promise<FakePrinter> {
  const p = await startFakePrinter({ mode });
  printers.push(p);
  return p;
}
const send = (p: FakePrinter, bytesLeft?: () => void) =>
  sendToNetworkPrinter({ host: '127.0.0.1', port: p.port, statusCheck: true }, JOB, TIMEOUTS, bytesLeft);
const faultOf = async (work: Promise<void>): Promise<PrinterFault> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof PrinterFault) return error;
    throw error;
  }
  throw new Error('the send did not fail');
};

describe('sending a job to a network printer', () => {
  it('tells the caller every byte left before a printer that took the whole job hangs up unconfirmed', async () => {
    const p = await fake('dropAfterJob');
    let left = 0;
    const fault = await faultOf(send(p, () => { left++; }));
    expect(fault.code).toBe('CLOSED');
    expect(wholeJobs(p)).toHaveLength(1);
    expect(left).toBe(1);
  });

  it('does not say the bytes left when nothing of the job was sent (offline before the job)', async () => {
    const p = await fake('offline');
    let left = 0;
    const fault = await faultOf(send(p, () => { left++; }));
    expect(fault.code).toBe('OFFLINE');
    expect(fault.message).toContain('cover is open');
    expect(left).toBe(0);
    expect(p.connections.every((c) => c.length === 0)).toBe(true);
  });

  it('says "out of paper" for an Epson that goes offline at paper end (asks DLE EOT 2 and 4)', async () => {
    const p = await fake('paperEndOffline');
    const fault = await faultOf(send(p));
    expect(fault.code).toBe('PAPER_OUT');
    expect(p.connections.every((c) => c.length === 0)).toBe(true);
  });

  it('drops a device that floods the connection at once, without holding the event loop', async () => {
    const p = await fake('flood');
    let worstGap = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const t = performance.now();
      worstGap = Math.max(worstGap, t - last);
      last = t;
    }, 5);
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const fault = await faultOf(send(p));
    const took = performance.now() - started;
    clearInterval(tick);
    expect(fault.code).toBe('CLOSED');
    expect(fault.message).toContain('sends data nobody asked for');
    // Well before the 3 s answer timeout: the flood itself ends the connection.
    expect(took).toBeLessThan(1_000);
    expect(worstGap).toBeLessThan(250);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * 1024 * 1024);
    expect(MAX_BYTES_FROM_PRINTER).toBeLessThanOrEqual(4_096);
  });
});
