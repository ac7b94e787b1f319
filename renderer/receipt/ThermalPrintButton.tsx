/**
 * "Imprimir en la impresora de recibos": shown only when a thermal printer is set up (`printer.get`). A sale's
 * receipt goes through `printer.printSale` (the fiscal receipt once, then COPIA), a shift's report through
 * `printer.printShift` (X, or the Z once, then COPIA); the core decides which, the screen says what was queued.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';

export function ThermalPrintButton({ target, disabled }: { target: { saleId: number } | { shiftId: number }; disabled?: boolean }): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const [configured, setConfigured] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void bridge.call('printer.get', {}).then((answer) => { if (live && answer.ok) setConfigured(answer.value.settings.connection.kind !== 'none'); });
    return () => { live = false; };
  }, []);
  if (!configured) return null;

  const print = async () => {
    setBusy(true);
    const answer = 'saleId' in target ? await bridge.call('printer.printSale', target) : await bridge.call('printer.printShift', target);
    setBusy(false);
    if (answer.ok) notify('info', t.thermalQueued[answer.value.kind]);
    else notify('error', describeBridgeError(answer.error, t));
  };
  return <button type="button" className="primary" data-testid="thermal-print" onClick={() => void print()} disabled={busy || disabled}>{t.thermalPrint}</button>;
}
