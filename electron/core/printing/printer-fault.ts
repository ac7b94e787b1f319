/** Why a print job did not go out this time, in words for the status bar and the queue. The job always stays. */
export type PrinterFaultCode = 'REFUSED' | 'NO_ANSWER' | 'CLOSED' | 'PAPER_OUT' | 'OFFLINE' | 'SPOOLER' | 'NOT_CONFIGURED';

export class PrinterFault extends Error {
  constructor(readonly code: PrinterFaultCode, message: string) {
    super(message);
    this.name = 'PrinterFault';
  }
}

export function asPrinterFault(error: unknown): PrinterFault {
  if (error instanceof PrinterFault) return error;
  return new PrinterFault('CLOSED', error instanceof Error ? error.message : String(error));
}
