/**
 * Another till's sale, as the shop server holds it, on this till's paper (Tienda → History → Reimprimir copia).
 * Built from the pushed sale's own data: the invoice request the till sent (customer, lines, payment), the
 * service's answer (number, CUFE, QR URL) and the cash handed over; the totals with the same shared function a
 * sale's own receipt uses, so the copy reads to the cent what the original did. Only a validated sale has this.
 */
import type { ReceiptDto } from '../bridge/types';
import { SMALLEST_COIN } from '../cash';
import { dianQrUrl, type DianEnvironment } from '../dian-qr';
import { calculateTotals, cashDue } from '../money';
import type { SaleDetail } from '../shop/back-office';
import { SOFTWARE_MAKER } from '../software-maker';
import type { ReceiptSettings } from './receipt-settings';
import { SOFTWARE_NAME, receiptTitle } from './receipt-titles';

/** What a job keeps to print the copy later (after a restart too): the server's summary and pushed sale. */
export type ShopSaleCopy = Pick<SaleDetail, 'summary' | 'sale'>;

/** Null when the sale is not a validated invoice with its number and CUFE: there is no fiscal copy of it. */
export function buildShopSaleReceipt(copy: ShopSaleCopy, settings: ReceiptSettings, environment: DianEnvironment): ReceiptDto | null {
  const { sale, summary } = copy;
  const { service, invoice } = sale;
  if (service.state !== 'validated' || !service.fullNumber || !service.cufe) return null;
  const qrUrl = service.qrUrl ?? dianQrUrl(service.cufe, environment);
  const totals = calculateTotals(invoice.items);
  return {
    fiscal: true,
    title: receiptTitle(settings.locale, true),
    seller: settings.seller,
    fullNumber: service.fullNumber,
    referenceCode: sale.referenceCode,
    shortNumber: sale.saleNumber,
    // The name the sale was made with (its number for good), not what the till is called now.
    tillName: summary.saleTillName ?? summary.tillName,
    cashierName: sale.cashierName,
    issuedAt: sale.createdAt,
    validatedAt: service.validatedAt,
    customer: invoice.customer,
    items: invoice.items,
    totals,
    payment: invoice.payment,
    cufe: service.cufe,
    qrUrl,
    // The thermal printer draws the QR from the URL itself; no picture is made for it.
    qrImage: null,
    softwareName: SOFTWARE_NAME,
    authorization: settings.numberingAuthorization ?? null,
    softwareMaker: SOFTWARE_MAKER,
    paperWidth: settings.paperWidth,
    state: 'validated',
    remoteStatus: null,
    cash: sale.cash ? { received: sale.cash.received, due: cashDue(sale.total, SMALLEST_COIN), change: sale.cash.change } : null,
    copy: null,
  };
}
