/**
 * The receipt model (the same ReceiptDto the screen shows) laid out for a thermal printer: lines of at most
 * `columns` characters, the QR and the cut. Pure, so the layout is tested without a printer; escpos-bytes.ts
 * turns it into the printer's commands.
 */
import { authorizationLines } from '../../../shared/numbering-authorization';
import { softwareMakerLine } from '../../../shared/software-maker';
import type { Locale, ReceiptDto } from '../../../shared/bridge/types';
import { IDENTIFICATION_TYPES, labelOf, PAYMENT_FORMS, PAYMENT_MEANS, UNIT_MEASURES, taxShortName } from '../../../shared/codes';
import { formatCop, ON_PAPER } from '../../../shared/money';
import { PAPER_WORDS } from './paper-words';

export type PaperBlock =
  | { type: 'text'; text: string; align?: 'left' | 'center'; bold?: boolean; big?: boolean }
  | { type: 'rule' }
  | { type: 'qr'; payload: string }
  | { type: 'feed' };

export interface PaperOptions {
  columns: number;
  /** A copy someone asked for: marked COPIA at the top, so it is never taken for a second sale. */
  copy?: boolean;
  /**
   * A job whose every byte reached the printer once without its confirmation: it may already be on paper, so this
   * print says REIMPRESIÓN and is never a second original.
   */
  reprint?: boolean;
}

const ZONE = 'America/Bogota';

/**
 * Thermal code pages (CP850/CP858) have ñ, tildes, ü, ¿ ¡, · and ×, but no dashes, curly quotes or no-break
 * spaces: those are written as their plain forms so nothing prints as '?'.
 */
export function paperText(text: string): string {
  return text.replace(/[\u00a0\u2007\u202f]/g, ' ').replace(/[\u2010-\u2015\u2212]/g, '-').replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"').replace(/\u2026/g, '...').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

/** Words wrapped at `columns`; a word longer than a line (a CUFE, a URL) is cut into pieces. */
export function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let current = '';
  // Split on plain spaces only: "10 %" and "$ 1.000" are held together by no-break spaces until printed.
  for (const word of text.replace(/[\r\n\t]/g, ' ').split(/ +/).filter(Boolean).map(paperText)) {
    let rest = word;
    while (rest.length > columns) {
      if (current) lines.push(current);
      current = '';
      lines.push(rest.slice(0, columns));
      rest = rest.slice(columns);
    }
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= columns) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** "Label ........ value" on one line when it fits; otherwise the label's lines, then the value to the right. */
export function pair(label: string, value: string, columns: number): string[] {
  const left = paperText(label);
  const right = paperText(value);
  if (left.length + 1 + right.length <= columns) return [left + ' '.repeat(columns - left.length - right.length) + right];
  return [...wrap(label, columns), ...wrap(value, columns).map((l) => l.padStart(columns))];
}

export function paperDateTime(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-CO', {
    timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false,
  }).format(new Date(epochMs));
}

const rate = (value: string, locale: Locale): string => (locale === 'en' ? `${value}%` : `${value.replace('.', ',')}\u00a0%`);
const quantity = (value: number, locale: Locale): string => (locale === 'en' ? String(value) : String(value).replace('.', ','));

export function receiptBlocks(receipt: ReceiptDto, locale: Locale, opts: PaperOptions): PaperBlock[] {
  const w = PAPER_WORDS[locale];
  const cols = opts.columns;
  const money = (amount: string): string => formatCop(amount, locale, ON_PAPER);
  const out: PaperBlock[] = [];
  const text = (t: string, extra: Omit<Extract<PaperBlock, { type: 'text' }>, 'type' | 'text'> = {}) => {
    for (const line of wrap(t, cols)) out.push({ type: 'text', text: line, ...extra });
  };
  const lines = (ls: string[]) => ls.forEach((l) => out.push({ type: 'text', text: l }));
  const { seller, customer, totals } = receipt;

  if (opts.copy) text(w.copy, { align: 'center', bold: true, big: true });
  else if (opts.reprint) text(w.reprint, { align: 'center', bold: true, big: true });
  if (!receipt.fiscal) text(w.notFiscalBanner, { align: 'center', bold: true });
  text(receipt.title, { align: 'center', bold: true });
  text(seller.name, { align: 'center', bold: true });
  text(`NIT ${seller.nit}-${seller.dv}`, { align: 'center' });
  if (seller.address) text(seller.address, { align: 'center' });
  if (seller.phone) text(`${w.phone} ${seller.phone}`, { align: 'center' });
  if (seller.email) text(seller.email, { align: 'center' });
  if (receipt.fiscal && seller.resolutionText) text(seller.resolutionText, { align: 'center' });
  if (receipt.fiscal && receipt.authorization) authorizationLines(receipt.authorization).forEach((l) => text(l, { align: 'center' }));
  out.push({ type: 'rule' });
  if (receipt.fiscal && receipt.fullNumber) text(`${w.invoiceNumber}: ${receipt.fullNumber}`, { bold: true });
  lines(pair(w.saleNumber, `${receipt.tillName}\u00a0·\u00a0${String(receipt.shortNumber).padStart(6, '0')}`, cols));
  if (receipt.cashierName) lines(pair(w.soldBy, receipt.cashierName, cols));
  lines(pair(w.reference, receipt.referenceCode, cols));
  lines(pair(w.issuedAt, paperDateTime(receipt.issuedAt, locale), cols));
  if (receipt.fiscal && receipt.validatedAt) lines(pair(w.validatedAt, paperDateTime(receipt.validatedAt, locale), cols));
  lines(pair(w.buyer, customer.name, cols));
  lines(pair(labelOf(IDENTIFICATION_TYPES, customer.identification_type), `${customer.identification}-${customer.dv}`, cols));
  out.push({ type: 'rule' });
  receipt.items.forEach((item, i) => {
    text(item.name, { bold: true });
    const tax = item.taxes[0];
    const detail = `${quantity(item.quantity, locale)} ${labelOf(UNIT_MEASURES, item.unit_measure)} x ${money(String(item.price))}`
      + (item.discount_rate > 0 ? ` ${w.discountShort} ${rate(String(item.discount_rate), locale)}` : '')
      + (tax ? ` ${taxShortName(tax.code)} ${rate(String(tax.rate), locale)}` : ` ${w.noTax}`);
    lines(pair(detail, totals.lines[i] ? money(totals.lines[i].line_amount) : '', cols));
  });
  out.push({ type: 'rule' });
  lines(pair(w.subtotal, money(totals.gross), cols));
  if (totals.discount !== '0.00') lines(pair(w.discounts, `-${money(totals.discount)}`, cols));
  for (const tax of totals.taxes) {
    lines(pair(`${taxShortName(tax.code)} ${rate(tax.rate, locale)} ${w.taxOn} ${money(tax.taxable_amount)}`, money(tax.amount), cols));
  }
  for (const l of pair(w.total, money(totals.payable), cols)) out.push({ type: 'text', text: l, bold: true });
  lines(pair(w.paymentForm, labelOf(PAYMENT_FORMS, receipt.payment.form_code), cols));
  lines(pair(w.paymentMeans, labelOf(PAYMENT_MEANS, receipt.payment.means_code), cols));
  if (receipt.cash && receipt.cash.due !== totals.payable) lines(pair(w.cashDue, money(receipt.cash.due), cols));
  if (receipt.cash) lines(pair(w.cashReceived, money(receipt.cash.received), cols));
  if (receipt.cash) lines(pair(w.cashChange, money(receipt.cash.change), cols));
  out.push({ type: 'rule' });
  if (receipt.fiscal) {
    if (receipt.qrUrl) out.push({ type: 'qr', payload: receipt.qrUrl });
    if (receipt.cufe) text(`CUFE: ${receipt.cufe}`, { align: 'center' });
  } else {
    text(w.notFiscalFooter, { align: 'center' });
  }
  text(softwareMakerLine(receipt.softwareMaker), { align: 'center' });
  return out;
}

/** A test page from Settings: the Spanish letters in the chosen code page, a QR, the paper's width. */
export function testPageBlocks(locale: Locale, opts: PaperOptions & { printer: string; codePage: string }): PaperBlock[] {
  const w = PAPER_WORDS[locale];
  const out: PaperBlock[] = [];
  const text = (t: string, extra: Omit<Extract<PaperBlock, { type: 'text' }>, 'type' | 'text'> = {}) => {
    for (const line of wrap(t, opts.columns)) out.push({ type: 'text', text: line, ...extra });
  };
  text(w.testTitle, { align: 'center', bold: true, big: true });
  text(`${w.testPrinter}: ${opts.printer}`);
  text(`${opts.codePage} · ${opts.columns} col.`);
  text(w.testSpanish);
  out.push({ type: 'text', text: '1234567890'.repeat(Math.ceil(opts.columns / 10)).slice(0, opts.columns) });
  out.push({ type: 'rule' });
  text(w.testQr, { align: 'center' });
  out.push({ type: 'qr', payload: 'https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=0' });
  return out;
}
