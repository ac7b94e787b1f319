/**
 * What a printed receipt shows, decided in one place for both shells. A sale is a fiscal invoice only once the
 * service validated it (number, CUFE, QR); before that the cashier can print only a provisional slip, which says
 * so and carries none of the fiscal marks.
 */
import type { ReceiptDto, ReprintDto } from '../../../shared/bridge/types';
import type { ReceiptSettings } from '../../../shared/receipt/receipt-settings';
import { SOFTWARE_MAKER } from '../../../shared/software-maker';
import { DEFAULT_TILL_NAME } from '../../../shared/bridge/contract';
import type { Sale } from '../store/sales';
import { receiptQr } from '../../../common/receipt/qr-image';
import { SOFTWARE_NAME, receiptTitle } from '../../../shared/receipt/receipt-titles';

export type { ReceiptSettings };

/** `copy`: a reprint as recorded (COPIA, its number and time); absent for the original, which is never marked. */
export async function buildReceipt(sale: Sale, settings: ReceiptSettings, copy?: ReprintDto): Promise<ReceiptDto> {
  const entry = sale.outbox;
  const fiscal = entry.state === 'validated';
  return {
    fiscal,
    title: receiptTitle(settings.locale, fiscal),
    seller: settings.seller,
    fullNumber: fiscal ? entry.fullNumber : null,
    referenceCode: sale.referenceCode,
    shortNumber: sale.shortNumber,
    // The till and cashier the sale was rung up with: a renamed till or a file from another till prints true.
    tillName: sale.tillName || settings.tillName || DEFAULT_TILL_NAME,
    cashierName: sale.cashierName,
    issuedAt: sale.createdAt,
    validatedAt: fiscal ? entry.validatedAt : null,
    customer: sale.customer,
    items: sale.items,
    totals: sale.totals,
    payment: sale.payment,
    cufe: fiscal ? entry.cufe : null,
    qrUrl: fiscal ? entry.qrUrl : null,
    qrImage: fiscal ? await receiptQr(entry) : null,
    softwareName: SOFTWARE_NAME,
    authorization: fiscal ? settings.numberingAuthorization ?? null : null,
    softwareMaker: SOFTWARE_MAKER,
    paperWidth: settings.paperWidth,
    state: entry.state,
    remoteStatus: entry.remoteStatus,
    cash: sale.cash,
    copy: copy ?? null,
  };
}
