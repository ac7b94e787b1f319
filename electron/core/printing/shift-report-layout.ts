/**
 * The X and Z reports laid out for the thermal printer: the same figures as the screen's report (every one the
 * core's, from shared/money.ts), in lines of at most `columns` characters, through the receipts' path
 * (PaperBlock → escpos-bytes.ts). Pure, so it is tested without a printer.
 */
import type { Locale, SalesTallyDto, ShiftReportDto } from '../../../shared/bridge/types';
import { labelOf, PAYMENT_MEANS, taxShortName } from '../../../shared/codes';
import { formatCop, ON_PAPER } from '../../../shared/money';
import { CASH_COUNT_BILLS, CASH_COUNT_COINS } from '../../../shared/shift';
import { pair, paperDateTime, wrap, type PaperBlock, type PaperOptions } from './receipt-layout';
import { PAPER_WORDS } from './paper-words';

/** The report's words on paper (the screen's report says the same in renderer/i18n/*-shifts.ts). */
export const SHIFT_PAPER_WORDS = {
  'es-CO': {
    titleX: 'INFORME X', subtitleX: 'Turno abierto', titleZ: 'INFORME Z', subtitleZ: 'Cierre de turno',
    shift: 'Turno', opened: 'Apertura', closed: 'Cierre', taken: 'Generado', sales: 'Ventas', salesCount: 'Cantidad de ventas', gross: 'Subtotal',
    discounts: 'Descuentos', taxOn: 'sobre', taxTotal: 'Total impuestos', total: 'Total vendido', byMeans: 'Por medio de pago',
    byState: 'Estado ante la DIAN', validated: 'Validadas', pending: 'Pendientes', needsAttention: 'Requieren atención',
    byCashier: 'Por cajero', noCashier: '(sin persona)', cash: 'Efectivo', opening: 'Base inicial', cashSales: 'Ventas en efectivo',
    expected: 'Esperado en caja', bills: 'Billetes', coins: 'Monedas', counted: 'Contado', difference: 'Diferencia',
    missing: 'faltante', surplus: 'sobrante', unsent: (n: number) => `${n} ${n === 1 ? 'venta sin enviar' : 'ventas sin enviar'} al generarlo.`,
    notFiscal: 'Documento interno: no es una factura electrónica.',
    afterClose: 'Correcciones después del cierre', corrected: 'corregida', voided: 'anulada', replacedBy: 'reemplazada por',
    before: 'Antes', now: 'Ahora',
    afterCloseNote: 'No cambian las cifras del cierre.',
  },
  en: {
    titleX: 'X REPORT', subtitleX: 'Shift open', titleZ: 'Z REPORT', subtitleZ: 'Shift close',
    shift: 'Shift', opened: 'Opened', closed: 'Closed', taken: 'Taken', sales: 'Sales', salesCount: 'Number of sales', gross: 'Subtotal',
    discounts: 'Discounts', taxOn: 'on', taxTotal: 'Total taxes', total: 'Total sold', byMeans: 'By payment means',
    byState: 'Standing with DIAN', validated: 'Validated', pending: 'Pending', needsAttention: 'Need attention',
    byCashier: 'By cashier', noCashier: '(no person)', cash: 'Cash', opening: 'Opening cash', cashSales: 'Cash sales',
    expected: 'Expected in the drawer', bills: 'Bills', coins: 'Coins', counted: 'Counted', difference: 'Difference',
    missing: 'short', surplus: 'over', unsent: (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'} not sent when taken.`,
    notFiscal: 'Internal document: not an electronic invoice.',
    afterClose: 'Corrections after the close', corrected: 'corrected', voided: 'voided', replacedBy: 'replaced by',
    before: 'Before', now: 'Now',
    afterCloseNote: 'They do not change the figures at the close.',
  },
} as const;

const rate = (value: string, locale: Locale): string => (locale === 'en' ? `${value}%` : `${value.replace('.', ',')}\u00a0%`);

export function shiftReportBlocks(report: ShiftReportDto, locale: Locale, opts: PaperOptions): PaperBlock[] {
  const w = SHIFT_PAPER_WORDS[locale];
  const cols = opts.columns;
  const money = (amount: string): string => formatCop(amount, locale, ON_PAPER);
  const out: PaperBlock[] = [];
  const text = (t: string, extra: Omit<Extract<PaperBlock, { type: 'text' }>, 'type' | 'text'> = {}) => {
    for (const line of wrap(t, cols)) out.push({ type: 'text', text: line, ...extra });
  };
  const lines = (ls: string[], bold = false) => ls.forEach((l) => out.push({ type: 'text', text: l, ...(bold ? { bold } : {}) }));
  const heading = (t: string) => {
    out.push({ type: 'rule' });
    text(t, { bold: true });
  };
  const tally = (label: string, x: SalesTallyDto) => lines(pair(`${label} (${x.count})`, money(x.payable), cols));
  const { shift, cash } = report;

  if (opts.copy) text(PAPER_WORDS[locale].copy, { align: 'center', bold: true, big: true });
  else if (opts.reprint) text(PAPER_WORDS[locale].reprint, { align: 'center', bold: true, big: true });
  text(report.kind === 'Z' ? w.titleZ : w.titleX, { align: 'center', bold: true, big: true });
  text(report.kind === 'Z' ? w.subtitleZ : w.subtitleX, { align: 'center' });
  out.push({ type: 'rule' });
  lines(pair(w.shift, `${shift.tillName}\u00a0·\u00a0${shift.id}`, cols));
  lines(pair(w.opened, paperDateTime(shift.openedAt, locale), cols));
  if (shift.openedBy) lines(pair('', shift.openedBy, cols));
  if (shift.closedAt !== null) lines(pair(w.closed, paperDateTime(shift.closedAt, locale), cols));
  if (shift.closedAt !== null && shift.closedBy) lines(pair('', shift.closedBy, cols));
  lines(pair(w.taken, paperDateTime(report.takenAt, locale), cols));

  heading(w.sales);
  lines(pair(w.salesCount, String(report.sales.count), cols));
  lines(pair(w.gross, money(report.gross), cols));
  if (report.discount !== '0.00') lines(pair(w.discounts, `-${money(report.discount)}`, cols));
  for (const tax of report.taxes) {
    lines(pair(`${taxShortName(tax.code)} ${rate(tax.rate, locale)} ${w.taxOn} ${money(tax.taxableAmount)}`, money(tax.amount), cols));
  }
  lines(pair(w.taxTotal, money(report.taxTotal), cols));
  lines(pair(w.total, money(report.sales.payable), cols), true);

  heading(w.byMeans);
  for (const m of report.byMeans) tally(labelOf(PAYMENT_MEANS, m.meansCode), m);
  heading(w.byState);
  tally(w.validated, report.validated);
  tally(w.pending, report.pending);
  if (report.needsAttention.count > 0) tally(w.needsAttention, report.needsAttention);
  heading(w.byCashier);
  for (const c of report.byCashier) tally(c.cashierName || w.noCashier, c);

  heading(w.cash);
  lines(pair(w.opening, money(cash.opening), cols));
  lines(pair(w.cashSales, money(cash.cashSales), cols));
  lines(pair(w.expected, money(cash.expected), cols), true);
  if (cash.count) {
    // Only the denominations that were counted: a column of "x 0" hides the ones that matter.
    for (const b of CASH_COUNT_BILLS) {
      const n = cash.count.bills[String(b)] ?? 0;
      if (n > 0) lines(pair(`${w.bills} ${money(String(b))}`, `x ${n}`, cols));
    }
    for (const c of CASH_COUNT_COINS) {
      const n = cash.count.coins[String(c)] ?? 0;
      if (n > 0) lines(pair(`${w.coins} ${money(String(c))}`, `x ${n}`, cols));
    }
  }
  if (cash.counted !== null) lines(pair(w.counted, money(cash.counted), cols), true);
  if (cash.difference !== null) {
    const word = cash.difference === '0.00' ? '' : ` ${cash.difference.startsWith('-') ? w.missing : w.surplus}`;
    lines(pair(w.difference, `${money(cash.difference)}${word}`, cols), true);
  }
  if (report.afterClose?.length) {
    heading(w.afterClose);
    for (const c of report.afterClose) {
      // The sales' numbers at the till, as the screen shows them; CP858 has no arrow, so words say what became of it.
      const number = (n: number) => String(n).padStart(6, '0');
      text(paperDateTime(c.at, locale));
      text(`${shift.tillName}\u00a0·\u00a0${number(c.shortNumber)} ${c.payableAfter === null ? w.voided : c.newShortNumber !== null ? `${w.replacedBy} ${number(c.newShortNumber)}` : w.corrected}`);
      if (c.payableAfter === null || c.payableAfter === c.payableBefore) lines(pair('', money(c.payableBefore), cols));
      else lines([...pair(w.before, money(c.payableBefore), cols), ...pair(w.now, money(c.payableAfter), cols)]);
    }
    text(w.afterCloseNote);
  }
  out.push({ type: 'rule' });
  if (report.unsent.count > 0) text(w.unsent(report.unsent.count));
  text(w.notFiscal, { align: 'center' });
  return out;
}
