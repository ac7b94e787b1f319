/**
 * History over every till's sales (issue 21): the server searches by the till's exact-first rule (a NIT, an invoice
 * number or a reference first, then the rest), 50 a page; a sale's detail says whether it was voided, corrected
 * (replaced by another invoice) or corrects another one.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ReceiptDto } from '../../shared/bridge/types';
import { clockIsOff, type SaleDetail, type SalesPage, type SaleSummary } from '../../shared/shop/back-office';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { ListDetail } from '../app/ListDetail';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime, formatQuantity } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { tillLabel } from '../format/till-label';
import { taxLabel } from '../format/tax-name';
import { useScreenText } from '../i18n/screen-text';
import { ReceiptPaper } from '../receipt/ReceiptPaper';
import type { Messages } from '../i18n/messages';
import { driftText } from './clock-lines';

/** A sale's state in words: voided and corrected before the DIAN's state (the sale needs nothing then). */
export function ownerSaleState(sale: Pick<SaleSummary, 'state' | 'correctedBy' | 'referenceCode'>, t: Messages): { text: string; className: string } {
  if (sale.state === 'voided') return { text: t.ownerVoided, className: 'state state-closed' };
  if (sale.correctedBy !== null && sale.correctedBy !== sale.referenceCode) return { text: t.saleReplaced, className: 'state state-closed' };
  return { text: t.saleState[sale.state], className: `state state-${sale.state}` };
}

export function OwnerHistoryView({ version, onClosed }: { version: string; onClosed(): void }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<SalesPage | null>(null);
  const [open, setOpen] = useState<SaleDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The back-office PC's COPIA, shown in place of the detail and printed by the browser (80 mm, receipt.css).
  const [paper, setPaper] = useState<ReceiptDto | null>(null);
  const notify = useApp((s) => s.notify);
  const shell = useApp((s) => s.info?.shell);
  const backOfficePc = useApp((s) => s.info?.mode === 'back-office');
  const money = (amount: string) => formatCop(amount, locale);

  const failed = (error: Parameters<typeof describeBridgeError>[0]) => {
    if (error.reason === 'BACK_OFFICE_CLOSED') onClosed(); else setProblem(describeBridgeError(error, t));
  };
  useEffect(() => {
    let live = true;
    void bridge.call('shop.sales', query ? { q: query } : {}).then((answer) => {
      if (!live) return;
      if (answer.ok) { setPage(answer.value); setProblem(null); } else failed(answer.error);
    });
    return () => { live = false; };
  }, [query, version]);

  // When a till pushes (the change signal moves `version`), the open sale is read again too: a sale opened while in
  // validation shows "Validada" and its COPIA once the DIAN has answered.
  const openRef = open?.summary.referenceCode ?? null;
  useEffect(() => {
    if (!openRef || paper) return undefined;
    let live = true;
    void bridge.call('shop.sale', { referenceCode: openRef }).then((answer) => { if (live && answer.ok) setOpen(answer.value); });
    return () => { live = false; };
  }, [version]);

  const search = (event: FormEvent) => { event.preventDefault(); setQuery(text.trim()); };
  const show = async (ref: string) => {
    const answer = await bridge.call('shop.sale', { referenceCode: ref });
    if (answer.ok) { setOpen(answer.value); setPaper(null); } else failed(answer.error);
  };

  // At a till the core fetches the sale again and queues it on the receipts' printer as a COPIA; a till whose receipts
  // go through the print dialog, and the back-office PC, answer the paper (queued false): shown here, then printed as
  // that place prints its receipts (the core prints the window, or the page prints itself).
  const reprint = async (ref: string) => {
    const answer = await bridge.call('shop.reprintSale', { referenceCode: ref });
    if (!answer.ok) {
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') onClosed(); else notify('error', describeBridgeError(answer.error, t));
    } else if (answer.value.receipt) {
      setPaper(answer.value.receipt);
      notify('info', backOfficePc ? t.ownerReprintPc : t.ownerReprintDialog);
    } else notify('info', answer.value.queued ? t.thermalQueued.copy : t.ownerReprintPc);
  };
  // Printed once the paper is on the page (the dialog prints what is drawn); again from the paper's own button.
  const printPaper = async () => {
    const answer = await bridge.call('shop.printSaleCopy', {});
    if (!answer.ok) {
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') onClosed(); else notify('error', describeBridgeError(answer.error, t));
    } else if (!answer.value.printed && shell === 'browser') window.print();
  };
  useEffect(() => {
    if (paper) void printPaper();
  }, [paper]);

  const list = (
    <section className="owner-history" aria-label={t.ownerHistory}>
      <form className="row owner-search" onSubmit={search} role="search">
        <label className="field">{t.ownerSearch}
          <input type="search" value={text} maxLength={120} placeholder={t.ownerSearchHint} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit">{t.ownerSearchButton}</button>
      </form>
      {problem ? <p role="alert" className="problem">{problem}</p> : null}
      {page ? <p role="status" className="muted" data-testid="owner-found">{t.ownerFound(page.total, page.capped)}</p> : null}
      {page && page.sales.length > 0 ? (
        <div className="table-scroll">
          <table className="owner-sales" data-testid="owner-sales">
            <caption className="visually-hidden">{t.ownerSalesTable}</caption>
            <thead><tr><th scope="col">{t.ownerNumber}</th><th scope="col">{t.ownerTill}</th><th scope="col">{t.ownerWhen}</th><th scope="col">{t.ownerCustomer}</th><th scope="col" className="num">{t.dashTotal}</th><th scope="col">{t.ownerState}</th></tr></thead>
            <tbody>{page.sales.map((sale) => {
              const state = ownerSaleState(sale, t);
              return (
                <tr key={sale.referenceCode} aria-selected={open?.summary.referenceCode === sale.referenceCode}>
                  <th scope="row"><button type="button" className="link" onClick={() => void show(sale.referenceCode)}>{saleNumberLabel(sale.saleTillName ?? sale.tillName, sale.saleNumber)}</button></th>
                  <td className="owner-till" data-testid="owner-sale-till">{tillLabel(sale.tillName, sale.tillNumber)}</td>
                  <td>{formatDateTime(sale.createdAt, locale)}</td>
                  <td className="owner-customer">{sale.customerName}</td>
                  <td className="num">{money(sale.total)}</td>
                  <td><span className={state.className}>{state.text}</span></td>
                </tr>
              );
            })}</tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
  const copyPaper = paper ? (
    <section className="shift-paper paper-view" aria-label={t.ownerCopyPaper} data-testid="owner-copy-paper">
      <div className="receipt-toolbar" role="toolbar" aria-label={t.receiptActions}>
        <button type="button" className="primary" onClick={() => void printPaper()}>{t.print}</button>
        <button type="button" onClick={() => setPaper(null)}>{t.ownerCopyBack}</button>
      </div>
      <ReceiptPaper receipt={paper} />
    </section>
  ) : null;
  const detail = copyPaper ?? (open ? (
    <article className="owner-sale" data-testid="owner-sale">
      <h2>{saleNumberLabel(open.summary.saleTillName ?? open.summary.tillName, open.summary.saleNumber)}</h2>
      <p><span className={ownerSaleState(open.summary, t).className}>{ownerSaleState(open.summary, t).text}</span></p>
      {open.summary.corrects ? <p data-testid="owner-corrects">{t.ownerCorrects(open.summary.corrects)}</p> : null}
      {open.summary.correctedBy && open.summary.correctedBy !== open.summary.referenceCode ? <p data-testid="owner-corrected-by">{t.ownerCorrectedBy(open.summary.correctedBy)}</p> : null}
      <dl className="owner-facts">
        <div><dt>{t.ownerWhen}</dt><dd>{formatDateTime(open.summary.createdAt, locale)}
          {clockIsOff(open.summary.clockOffsetMs) ? <span className="muted" data-testid="owner-clock-corrected"> · {t.ownerClockCorrected(driftText(open.summary.clockOffsetMs!, t), formatDateTime(open.sale.createdAt, locale))}</span> : null}</dd></div>
        <div><dt>{t.ownerInvoice}</dt><dd>{open.summary.fullNumber ?? '—'}</dd></div>
        <div><dt>{t.ownerCustomer}</dt><dd>{open.summary.customerName} · {open.summary.customerIdentification}</dd></div>
        <div><dt>{t.ownerCashier}</dt><dd>{open.summary.cashierName || '—'}</dd></div>
      </dl>
      <table className="dash-table">
        <caption>{t.ownerLines}</caption>
        <thead><tr><th scope="col">{t.dashProduct}</th><th scope="col" className="num">{t.dashQuantity}</th><th scope="col" className="num">{t.dashTotal}</th></tr></thead>
        <tbody>{open.lines.map((line, i) => (
          <tr key={`${line.code}-${i}`}><th scope="row">{line.name}</th><td className="num">{formatQuantity(line.quantity, locale)}</td><td className="num">{money(line.payable)}</td></tr>
        ))}</tbody>
        <tfoot>
          {open.taxes.map((x) => <tr key={`${x.code}-${x.rate}`}><th scope="row">{taxLabel(x.code, x.rate, locale)}</th><td /><td className="num">{money(x.amount)}</td></tr>)}
          <tr><th scope="row">{t.dashTotal}</th><td /><td className="num">{money(open.summary.total)}</td></tr>
        </tfoot>
      </table>
      {open.summary.state === 'validated' ? (
        <div className="row"><button type="button" onClick={() => void reprint(open.summary.referenceCode)} data-testid="owner-reprint">{t.ownerReprint}</button></div>
      ) : null}
    </article>
  ) : null);
  return <ListDetail list={list} panel={detail} panelLabel={paper ? t.ownerCopyPaper : t.ownerSaleDetail} panelKey={open?.summary.referenceCode ?? null}
    onClosePanel={() => { setOpen(null); setPaper(null); }} focusField={false} wide={paper !== null} className={paper ? 'day-report-view' : undefined} />;
}
