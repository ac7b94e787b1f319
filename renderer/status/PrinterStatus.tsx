/** The status bar's printer part: "impresora sin respuesta — 2 recibos en espera"; nothing while all is well. */
import { useEffect, useState, type ReactNode } from 'react';
import type { PrinterStatusDto } from '../../shared/bridge/types';
import { bridge } from '../bridge/client';
import { useText } from '../i18n/use-text';
import { printerLine } from './printer-line';
import { afterFirstPaint } from '../app/after-first-paint';

export function PrinterStatus(): ReactNode {
  const t = useText();
  const [status, setStatus] = useState<PrinterStatusDto | null>(null);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => bridge.call('printer.get', {})).then((answer) => {
      if (live && answer.ok) setStatus(answer.value.status);
    });
    const stop = bridge.on('printer.status', setStatus);
    return () => {
      live = false;
      stop();
    };
  }, []);
  const line = status ? printerLine(status) : null;
  if (!line) return null;
  return (
    <span className={`printer-status${line.trouble ? ' trouble' : ''}`} role="status" title={status?.lastError ?? undefined}>
      {t.printerState[line.state]}{line.waiting > 0 ? ` — ${t.printerWaiting(line.waiting)}` : ''}
    </span>
  );
}
