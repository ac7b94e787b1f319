/**
 * The shop's day report (issue 21): a shop day picked, every till's figures from the server, the tills whose Z has
 * not reached it named in a warning above the paper, and the paper printed on the receipts' printer or saved as PDF
 * the way the Z report is (the core prints the window's page; browser mode prints itself with window.print(), whose
 * "Save as PDF" takes the paper's 80 mm page from receipt.css).
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { PaperWidth } from '../../shared/bridge/types';
import type { DayReport } from '../../shared/shop/back-office';
import { useApp } from '../app/app-store';
import { ListDetail } from '../app/ListDetail';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { downloadPdf } from '../receipt/download-pdf';
import { dayReportSections, incompleteWarning, missingZWarning } from './day-report-lines';
import '../styles/receipt.css';

interface Props {
  /** Today in the shop's calendar (the dashboard's date, else the machine's). */
  today: string;
  /** Bumped by the change signal: the day shown is read again. */
  version: string;
  onClosed(): void;
}

export function DayReportView({ today, version, onClosed }: Props): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const shell = useApp((s) => s.info?.shell);
  const [date, setDate] = useState(today);
  const [shown, setShown] = useState(today);
  const [report, setReport] = useState<DayReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const width: PaperWidth = 80;

  useEffect(() => {
    let live = true;
    void bridge.call('shop.dayReport', { date: shown }).then((answer) => {
      if (!live) return;
      if (answer.ok) { setReport(answer.value); setProblem(null); return; }
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') { onClosed(); return; }
      setProblem(describeBridgeError(answer.error, t));
    });
    return () => { live = false; };
  }, [shown, version]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) setShown(date);
  };
  const print = async () => {
    const answer = await bridge.call('shop.printDayReport', { date: shown, paperWidth: width });
    if (!answer.ok) notify('error', describeBridgeError(answer.error, t));
    else if (!answer.value.printed && shell === 'browser') window.print();
  };
  const savePdf = async () => {
    const answer = await bridge.call('shop.dayReportPdf', { date: shown, paperWidth: width });
    if (answer.ok) { downloadPdf(answer.value.base64, answer.value.fileName); notify('info', t.pdfSaved(answer.value.fileName)); }
    else if (shell === 'browser' && answer.error.code === 'UNAVAILABLE') { notify('info', t.dayPdfHow); window.print(); }
    else notify('error', describeBridgeError(answer.error, t));
  };

  const warning = report ? missingZWarning(report, t) : null;
  const incomplete = report ? incompleteWarning(report, t) : null;
  const controls = (
    <section className="day-controls" aria-label={t.ownerDayReport}>
      <form className="row" onSubmit={show}>
        <label className="field">{t.dayDate}
          <input type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} data-testid="day-date" />
        </label>
        <button type="submit">{t.dayShow}</button>
      </form>
      {problem ? <p role="alert" className="problem">{problem}</p> : null}
      {report ? (warning
        ? <p role="status" className="day-warning" data-testid="day-missing-z">{warning}</p>
        : <p role="status" className="muted">{t.dayAllZ}</p>) : null}
      {incomplete ? <p role="status" className="day-warning" data-testid="day-incomplete">{incomplete}</p> : null}
    </section>
  );
  const paper = report ? (
    <section className="shift-paper paper-view" aria-label={t.dayReportTitle(report.date)}>
      <div className="receipt-toolbar" role="toolbar" aria-label={t.receiptActions}>
        <button type="button" className="primary" onClick={() => void print()}>{t.print}</button>
        <button type="button" onClick={() => void savePdf()}>{t.savePdf}</button>
      </div>
      <article className={`receipt-paper shift-report day-report paper-${width}`} data-testid="day-report">
        <h2 className="receipt-title">{t.dayReportTitle(report.date)}</h2>
        {warning ? <p className="day-paper-warning">{warning}</p> : null}
        {incomplete ? <p className="day-paper-warning">{incomplete}</p> : null}
        {dayReportSections(report, t, locale).map((section) => (
          <div key={section.heading} data-testid={section.testId}>
            <h3 className="report-heading">{section.heading}</h3>
            <dl className="receipt-totals">
              {section.lines.map((line, i) => (
                <div key={`${line.label}-${i}`} className={line.strong ? 'receipt-total' : undefined}>
                  <dt>{line.label}</dt><dd data-testid={line.testId}>{line.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </article>
    </section>
  ) : null;
  return <ListDetail wide className="day-report-view" list={controls} panel={paper} panelLabel={t.ownerDayReport} focusField={false} />;
}
