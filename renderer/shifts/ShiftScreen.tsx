/**
 * The till's shift: open it with the drawer's cash, look at the X report at any time, close it with the cash counted
 * by bill and coin, and print the Z report (80/58 mm, PDF) on the receipts' path. When sales are still unsent the
 * core refuses the close until the person has read how many and how old, and confirms.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { PaperWidth, ShiftDto, ShiftReportDto } from '../../shared/bridge/types';
import { formatCop } from '../../shared/money';
import { CASH_COUNT_BILLS, CASH_COUNT_COINS, cashCountSchema, cashCountTotal, fullCashCount, openingCashSchema, unsentAlertSchema } from '../../shared/shift';
import { useApp } from '../app/app-store';
import { TextField } from '../app/fields';
import { ListDetail } from '../app/ListDetail';
import { BackOffice, Toolbar } from '../app/Toolbar';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime } from '../format/date-time';
import { parseDecimalText, regroupMoneyText } from '../format/decimal-text';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { downloadPdf } from '../receipt/download-pdf';
import { ThermalPrintButton } from '../receipt/ThermalPrintButton';
import { ShiftReportPaper } from './ShiftReportPaper';
import { refreshUnsent, useUnsent, waitedText } from './unsent-store';
import './shifts.css';
// Paper's styles (on screen and in print) come with the chunk that draws it, not in the counter's first download.
import '../styles/receipt.css';

type Count = ReturnType<typeof fullCashCount>;

export function ShiftScreen(): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const shell = useApp((s) => s.info?.shell);
  const defaultWidth = useApp((s) => s.settings?.paperWidth ?? 80);
  const unsent = useUnsent((s) => s.unsent);
  // Sales not yet at the shop server do not hold the close (they go when it answers); the close says so.
  const shopWaiting = useApp((s) => s.status?.shopServer?.salesWaiting ?? 0);
  const [shift, setShift] = useState<ShiftDto | null | undefined>(undefined);
  const [report, setReport] = useState<ShiftReportDto | null>(null);
  const [closed, setClosed] = useState<ShiftDto[]>([]);
  const [width, setWidth] = useState<PaperWidth>(defaultWidth);
  const [opening, setOpening] = useState('');
  const [counting, setCounting] = useState(false);
  const [count, setCount] = useState<Count>(fullCashCount());
  const [question, setQuestion] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [alertMinutes, setAlertMinutes] = useState('');
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const [current, list] = await Promise.all([bridge.call('shifts.current', {}), bridge.call('shifts.list', { limit: 10 })]);
    if (current.ok) setShift(current.value);
    if (list.ok) setClosed(list.value.shifts);
  };
  useEffect(() => { void load(); void refreshUnsent(); }, []);
  useEffect(() => { if (unsent && alertMinutes === '') setAlertMinutes(String(unsent.alertAfterMinutes)); }, [unsent, alertMinutes]);

  const openingValue = Number(parseDecimalText(opening, locale, 0) ?? Number.NaN);
  const openingOk = opening.trim() !== '' && openingCashSchema.safeParse(openingValue).success;
  const countOk = cashCountSchema.safeParse(count).success;
  const counted = countOk ? cashCountTotal(count) : null;

  const openShift = async () => {
    if (!openingOk) { setProblem(t.openingCashHint); return; }
    setBusy(true);
    const answer = await bridge.call('shifts.open', { openingCash: openingValue });
    setBusy(false);
    if (!answer.ok) { setProblem(answer.error.fields?.openingCash === 'a shift is already open' ? t.shiftProblemAlreadyOpen : describeBridgeError(answer.error, t)); return; }
    setProblem(null);
    setShift(answer.value);
    setReport(null);
  };

  const showX = async () => {
    const answer = await bridge.call('shifts.report', {});
    if (answer.ok) setReport(answer.value); else notify('error', describeBridgeError(answer.error, t));
  };

  const close = async (confirmUnsent: boolean) => {
    if (!shift || !countOk) { setProblem(t.shiftProblemCount); return; }
    setBusy(true);
    const answer = await bridge.call('shifts.close', { shiftId: shift.id, count, ...(confirmUnsent ? { confirmUnsent: true } : {}) });
    setBusy(false);
    if (!answer.ok) {
      if (answer.error.fields?.confirmUnsent) {
        // The core says how many and how old; the screen says it in the cashier's language.
        await refreshUnsent();
        const waiting = useUnsent.getState().unsent;
        setQuestion(waiting ? t.unsentBeforeClose(waiting.count, waitedText(waiting.at - (waiting.oldestAt ?? waiting.at), locale)) : answer.error.fields.confirmUnsent);
      } else setProblem(answer.error.fields?.shiftId === 'is already closed' ? t.shiftProblemAlreadyClosed : describeBridgeError(answer.error, t));
      return;
    }
    setQuestion(null);
    setProblem(null);
    setCounting(false);
    setCount(fullCashCount());
    setReport(answer.value);
    notify('info', t.shiftClosed);
    await load();
  };

  const showZ = async (id: number) => {
    const answer = await bridge.call('shifts.report', { shiftId: id });
    if (answer.ok) setReport(answer.value); else notify('error', describeBridgeError(answer.error, t));
  };

  const print = async () => {
    if (!report) return;
    const answer = await bridge.call('shifts.print', { shiftId: report.shift.id, paperWidth: width });
    if (!answer.ok) notify('error', describeBridgeError(answer.error, t));
    else if (!answer.value.printed && shell === 'browser') window.print();
  };
  const savePdf = async () => {
    if (!report) return;
    const answer = await bridge.call('shifts.pdf', { shiftId: report.shift.id, paperWidth: width });
    if (answer.ok) { downloadPdf(answer.value.base64, answer.value.fileName); notify('info', t.pdfSaved(answer.value.fileName)); }
    else if (shell === 'browser' && answer.error.code === 'UNAVAILABLE') { notify('info', t.pdfByPrinting); window.print(); }
    else notify('error', describeBridgeError(answer.error, t));
  };

  const saveAlert = async () => {
    const minutes = Number(alertMinutes);
    if (!unsentAlertSchema.safeParse(minutes).success) { setProblem(describeBridgeError({ code: 'INVALID_INPUT', message: '', fields: { minutes: unsentAlertSchema.safeParse(minutes).error?.issues[0]?.message ?? '' } }, t)); return; }
    const answer = await callWithOwner('shifts.unsentAlert', { minutes }, 'settings', t.approveUnsentAlert(minutes));
    if (answer.ok) { useUnsent.getState().set(answer.value); notify('info', t.alertSaved(minutes)); } else notify('error', describeBridgeError(answer.error, t));
  };

  const countField = (side: 'bills' | 'coins', denomination: number) => {
    const key = String(denomination);
    const value = count[side][key] ?? 0;
    return (
      <label key={`${side}-${key}`}>
        {formatCop(key, locale)}
        <input id={`count-${side}-${key}`} type="number" inputMode="numeric" min={0} step={1} value={Number.isNaN(value) ? '' : value}
          aria-label={`${side === 'bills' ? t.bills : t.coins} ${formatCop(key, locale)}`}
          onChange={(e) => setCount({ ...count, [side]: { ...count[side], [key]: e.target.value === '' ? 0 : Number(e.target.value) } })} />
      </label>
    );
  };

  const controls = (
      <section className="shift-controls" aria-labelledby="shift-title">
        {problem ? <p className="message-box" role="alert">{problem}</p> : null}
        {shift === undefined ? <p className="muted">{t.loading}</p> : shift === null ? (
          <form className="row" onSubmit={(e) => { e.preventDefault(); void openShift(); }}>
            <p className="muted">{t.noShiftOpen}</p>
            <TextField id="opening-cash" className="number-field" label={t.openingCash} value={opening} onChange={setOpening} onBlur={() => setOpening(regroupMoneyText(opening, locale, 0))} hint={t.openingCashHint} />
            <button type="submit" className="primary" disabled={busy}>{t.openShift}</button>
          </form>
        ) : (
          <>
            <p>{t.shiftOpenSince(formatDateTime(shift.openedAt, locale), shift.openedBy)} {t.reportOpeningCash}: {formatCop(shift.openingCash, locale)}</p>
            <div className="row">
              <button type="button" onClick={() => void showX()}>{t.xReport}</button>
              <button type="button" className="primary" onClick={() => { setCounting(true); setQuestion(null); }}>{t.closeShift}</button>
            </div>
            {counting ? (
              <form onSubmit={(e) => { e.preventDefault(); void close(false); }} aria-labelledby="count-title">
                <h2 id="count-title">{t.countCash}</h2>
                <p className="muted">{t.countCashHint}</p>
                <fieldset><legend>{t.bills}</legend><div className="cash-count">{CASH_COUNT_BILLS.map((b) => countField('bills', b))}</div></fieldset>
                <fieldset><legend>{t.coins}</legend><div className="cash-count">{CASH_COUNT_COINS.map((c) => countField('coins', c))}</div></fieldset>
                <p className="counted-total" aria-live="polite">{t.countedTotal}: <span data-testid="counted-total">{counted ? formatCop(counted, locale) : '—'}</span></p>
                {!countOk ? <p className="message-box" role="alert">{t.shiftProblemCount}</p> : null}
                {shopWaiting > 0 ? <p className="message-box" role="status">{t.shopShiftWarning(shopWaiting)}</p> : null}
                {question ? (
                  <div className="shift-question" role="alertdialog" aria-label={t.closeShift}>
                    <p>{question}</p>
                    <button type="button" className="primary" disabled={busy} onClick={() => void close(true)}>{t.closeAnyway}</button>
                    <button type="button" onClick={() => setQuestion(null)}>{t.cancel}</button>
                  </div>
                ) : <button type="submit" className="primary" disabled={busy || !countOk}>{t.confirmClose}</button>}
              </form>
            ) : null}
          </>
        )}
        <form className="row" onSubmit={(e) => { e.preventDefault(); void saveAlert(); }}>
          <TextField id="unsent-alert" className="number-field minutes-field" inputMode="numeric" label={t.unsentAlertMinutes} value={alertMinutes} onChange={setAlertMinutes} />
          <button type="submit">{t.saveAlert}</button>
        </form>
        {closed.length > 0 ? (
          <section aria-labelledby="past-shifts">
            <h2 id="past-shifts">{t.pastShifts}</h2>
            <ul>
              {closed.map((s) => (
                <li key={s.id}>{s.tillName} · {s.id} — {formatDateTime(s.closedAt ?? s.openedAt, locale)}{' '}
                  <button type="button" className="link" onClick={() => void showZ(s.id)}>{t.showZ}</button></li>
              ))}
            </ul>
          </section>
        ) : null}
      </section>
  );
  const paper = report ? (
    <section className="shift-paper paper-view" aria-label={report.kind === 'Z' ? t.reportZ : t.reportX}>
      <div className="receipt-toolbar" role="toolbar" aria-label={t.receiptActions}>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t.paperWidth}</legend>
          {([80, 58] as const).map((w) => (
            <label key={w}><input type="radio" name="report-width" checked={width === w} onChange={() => setWidth(w)} /> {w} mm</label>
          ))}
        </fieldset>
        <ThermalPrintButton target={{ shiftId: report.shift.id }} />
        <button type="button" className="primary" onClick={() => void print()}>{t.print}</button>
        <button type="button" onClick={() => void savePdf()}>{t.savePdf}</button>
      </div>
      <ShiftReportPaper report={report} paperWidth={width} />
    </section>
  ) : null;
  return (
    <BackOffice className="shift-screen">
      <Toolbar titleId="shift-title" title={t.shiftTitle} />
      <ListDetail wide list={controls} panel={paper} panelKey={report ? `${report.kind}-${report.shift.id}-${report.takenAt}` : null}
        focusField={false} onClosePanel={() => setReport(null)} />
    </BackOffice>
  );
}
