/** The receipt of one sale, 80 or 58 mm; Print and Save PDF; it refreshes when the sale is validated. */
import { useEffect, useState, type ReactNode } from 'react';
import type { PaperWidth, ReceiptDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { BackOffice } from '../app/Toolbar';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useSaleUpdates } from '../history/use-sale-updates';
import { useScreenText } from '../i18n/screen-text';
import { ReceiptPaper } from './ReceiptPaper';
import { downloadPdf } from './download-pdf';
import { ThermalPrintButton } from './ThermalPrintButton';
// Paper's styles (on screen and in print) come with the chunk that draws it, not in the counter's first download.
import '../styles/receipt.css';

export function ReceiptScreen({ saleId }: { saleId: number }): ReactNode {
  const t = useScreenText();
  const defaultWidth = useApp((s) => s.settings?.paperWidth ?? 80);
  const notify = useApp((s) => s.notify);
  const back = useApp((s) => s.receiptFrom);
  const show = useApp((s) => s.show);
  const shell = useApp((s) => s.info?.shell);
  const updates = useSaleUpdates();
  const [width, setWidth] = useState<PaperWidth>(defaultWidth);
  const [receipt, setReceipt] = useState<ReceiptDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copy, setCopy] = useState<ReceiptDto | null>(null);

  useEffect(() => {
    let live = true;
    void bridge.call('receipt.get', { saleId, paperWidth: width }).then((answer) => {
      if (!live) return;
      if (answer.ok) { setReceipt(answer.value); setProblem(null); } else setProblem(describeBridgeError(answer.error, t));
    });
    return () => { live = false; };
  }, [saleId, width, updates]);

  const print = async () => {
    setBusy(true);
    const answer = await bridge.call('receipt.print', { saleId });
    setBusy(false);
    if (!answer.ok) notify('error', describeBridgeError(answer.error, t));
    // Browser mode: the page prints itself with the print CSS. In Electron `printed: false` means the cashier
    // cancelled the dialog, which must not open a second one.
    else if (!answer.value.printed && shell === 'browser') window.print();
  };

  // From History: a reprint is recorded as the next COPIA (number and time) and the paper shows it from then on.
  const reprint = async () => {
    setBusy(true);
    const answer = await bridge.call('receipt.reprint', { saleId, paperWidth: width });
    setBusy(false);
    if (answer.ok) {
      setCopy(answer.value);
      notify('info', t.reprintDone(answer.value.copy?.copyNumber ?? 0));
    } else notify('error', describeBridgeError(answer.error, t));
  };

  const savePdf = async () => {
    setBusy(true);
    const answer = await bridge.call('receipt.pdf', { saleId });
    setBusy(false);
    if (answer.ok) {
      downloadPdf(answer.value.base64, answer.value.fileName);
      notify('info', t.pdfSaved(answer.value.fileName));
    } else if (shell === 'browser' && answer.error.code === 'UNAVAILABLE') {
      // Browser mode has no PDF renderer of its own, and nothing failed: the browser's print dialog saves the PDF.
      notify('info', t.pdfByPrinting);
      window.print();
    } else notify('error', describeBridgeError(answer.error, t));
  };

  return (
    <BackOffice className="receipt-screen">
      <div className="receipt-toolbar" role="toolbar" aria-label={t.receiptActions}>
        <button type="button" onClick={() => show(back)}>{t.back} <kbd>Esc</kbd></button>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t.paperWidth}</legend>
          {([80, 58] as const).map((w) => (
            <label key={w}>
              <input type="radio" name="receipt-width" checked={width === w} onChange={() => setWidth(w)} /> {w} mm
            </label>
          ))}
        </fieldset>
        <ThermalPrintButton target={{ saleId }} disabled={busy || !receipt} />
        <button type="button" className="primary" onClick={() => void print()} disabled={busy || !receipt}>{t.print}</button>
        <button type="button" onClick={() => void savePdf()} disabled={busy || !receipt}>{t.savePdf}</button>
        {back === 'history' ? <button type="button" onClick={() => void reprint()} disabled={busy || !receipt}>{t.reprintCopy}</button> : null}
        {receipt && !receipt.fiscal ? <span className="muted">{t.slipWaiting}</span> : null}
      </div>
      {problem ? <p className="message-box" role="alert">{problem}</p> : null}
      {/* On screen the paper is drawn larger to be read (layout.css); printed, it is its real size. */}
      <div className="receipt-scroll">
        <div className="paper-view">
          {receipt ? <ReceiptPaper receipt={{ ...(copy ?? receipt), paperWidth: width }} /> : problem ? null : <p className="muted">{t.loading}</p>}
        </div>
      </div>
    </BackOffice>
  );
}
