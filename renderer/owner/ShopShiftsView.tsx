/**
 * "Turnos y Z por caja" (issue 21): each till's shifts closed on a shop day, as they reached the server, and one
 * shift's Z on the till's own Z paper (ShiftReportPaper), its figures exactly as the till froze them at the close.
 */
import { tillLabel } from '../format/till-label';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ShiftReportDto } from '../../shared/bridge/types';
import type { ShiftDetail, ShiftsList } from '../../shared/shop/back-office-records';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { ListDetail } from '../app/ListDetail';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime } from '../format/date-time';
import { useScreenText } from '../i18n/screen-text';
import { ShiftReportPaper } from '../shifts/ShiftReportPaper';
import '../styles/receipt.css';

export function ShopShiftsView({ today, version, onClosed }: { today: string; version: string; onClosed(): void }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const shell = useApp((s) => s.info?.shell);
  const [date, setDate] = useState(today);
  const [till, setTill] = useState('');
  const [shown, setShown] = useState({ date: today, till: '' });
  const [list, setList] = useState<ShiftsList | null>(null);
  const [open, setOpen] = useState<ShiftDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const money = (amount: string) => formatCop(amount, locale);

  const failed = (error: Parameters<typeof describeBridgeError>[0]) => {
    if (error.reason === 'BACK_OFFICE_CLOSED') onClosed(); else setProblem(describeBridgeError(error, t));
  };
  useEffect(() => {
    let live = true;
    void bridge.call('shop.shifts', { date: shown.date, ...(shown.till ? { till: Number(shown.till) } : {}) }).then((answer) => {
      if (!live) return;
      if (answer.ok) { setList(answer.value); setProblem(null); } else failed(answer.error);
    });
    return () => { live = false; };
  }, [shown, version]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) setShown({ date, till });
  };
  const read = async (tillNumber: number, shiftId: number) => {
    const answer = await bridge.call('shop.shift', { tillNumber, shiftId });
    if (answer.ok) setOpen(answer.value); else failed(answer.error);
  };
  // At a till: the core fetches that Z again and queues it on the receipts' printer as a COPIA, or, when the till's
  // receipts go through the print dialog, prints the Z this page shows that way. On the back-office PC there is no
  // receipts' printer: the page prints the Z it shows (80 mm, receipt.css).
  const print = async (tillNumber: number, shiftId: number) => {
    const answer = await bridge.call('shop.printShift', { tillNumber, shiftId });
    if (!answer.ok) {
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') onClosed(); else notify('error', describeBridgeError(answer.error, t));
    } else if (answer.value.queued) notify('info', t.thermalQueued['z-copy']);
    else if (!answer.value.printed && shell === 'browser') window.print();
  };

  const controls = (
    <section className="shop-records" aria-label={t.ownerShifts}>
      <form className="row owner-search" onSubmit={show}>
        <label className="field narrow">{t.shiftsDate}
          <input type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} data-testid="shifts-date" />
        </label>
        <label className="field narrow">{t.shiftsTill}
          <select value={till} onChange={(e) => setTill(e.target.value)}>
            <option value="">{t.shiftsAllTills}</option>
            {(list?.tills ?? []).map((x) => <option key={x.tillId} value={String(x.number)}>{tillLabel(x.name, x.number)}</option>)}
          </select>
        </label>
        <button type="submit">{t.dayShow}</button>
      </form>
      {problem ? <p role="alert" className="problem">{problem}</p> : null}
      {list ? <p role="status" className="muted">{list.shifts.length === 0 ? t.shiftsNone : t.shiftsCount(list.shifts.length)}</p> : null}
      {list && list.shifts.length > 0 ? (
        <table className="fit-table compact-rows" data-testid="shop-shifts">
          <caption className="visually-hidden">{t.shiftsTable}</caption>
          <thead><tr>
            <th scope="col">{t.shiftsTill}</th><th scope="col">{t.shiftsShift}</th><th scope="col" className="col-p3">{t.shiftsClosed}</th>
            <th scope="col" className="num">{t.shiftsSales}</th><th scope="col" className="num col-p2">{t.shiftsDifference}</th>
          </tr></thead>
          <tbody>{list.shifts.map((s) => (
            <tr key={`${s.tillNumber}-${s.shiftId}`} aria-selected={open?.summary.tillNumber === s.tillNumber && open.summary.shiftId === s.shiftId}>
              <td data-testid="shop-shift-till">{tillLabel(s.tillName, s.tillNumber)}</td>
              <th scope="row"><button type="button" className="link" aria-label={t.shiftsOpenZ(s.tillName, s.shiftId)} onClick={() => void read(s.tillNumber, s.shiftId)}>{s.shiftId}</button></th>
              <td className="col-p3">{formatDateTime(s.closedAt, locale)} · {s.closedBy}</td>
              <td className="num">{s.sales ? `${money(s.sales.total)} (${s.sales.count})` : '—'}</td>
              <td className="num col-p2">{s.difference === null ? '—' : money(s.difference)}</td>
            </tr>
          ))}</tbody>
        </table>
      ) : null}
    </section>
  );
  const paper = open ? (
    <section className="shift-paper paper-view" aria-label={t.reportZ} data-testid="shop-shift-z">
      {open.report ? (<>
        <div className="receipt-toolbar" role="toolbar" aria-label={t.receiptActions}>
          <button type="button" className="primary" data-testid="shop-shift-print" onClick={() => void print(open.summary.tillNumber, open.summary.shiftId)}>{t.shiftsPrintCopy}</button>
        </div>
        <ShiftReportPaper report={open.report satisfies ShiftReportDto} paperWidth={80} />
      </>) : <p role="status" className="day-warning">{t.shiftsNoReport}</p>}
    </section>
  ) : null;
  return <ListDetail wide className="day-report-view" list={controls} panel={paper} panelLabel={t.reportZ}
    panelKey={open ? `${open.summary.tillNumber}-${open.summary.shiftId}` : null} onClosePanel={() => setOpen(null)} focusField={false} />;
}
