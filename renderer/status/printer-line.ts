/** When the status bar speaks of the printer (pure, tested without a DOM): only when receipts wait or it is in trouble. */
import type { PrinterStatusDto } from '../../shared/bridge/types';

export interface PrinterLine {
  state: PrinterStatusDto['state'];
  waiting: number;
  trouble: boolean;
}

export function printerLine(status: PrinterStatusDto): PrinterLine | null {
  if (!status.configured) return null;
  const trouble = status.state === 'not_responding' || status.state === 'paper_out' || status.state === 'offline';
  if (!trouble && status.waitingReceipts === 0) return null;
  return { state: status.state, waiting: status.waitingReceipts, trouble };
}
