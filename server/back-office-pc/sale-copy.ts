/**
 * The back-office PC's COPIA of a validated sale (issue 21): the same receipt a till prints from the shop server's
 * sale (shared/receipt/shop-sale-receipt.ts, one rule for both), with the seller and numbering authorisation the
 * first till uploaded to the server's settings, on 80 mm paper, for the page to print with the browser's dialog.
 * The QR is drawn here (common/receipt/qr-image.ts, the till's drawing) since the browser has no encoder.
 */
import { drawQr } from '../../common/receipt/qr-image';
import type { ReceiptDto } from '../../shared/bridge/types';
import { numberingAuthorizationSchema, type NumberingAuthorizationDto } from '../../shared/numbering-authorization';
import { buildShopSaleReceipt, type ShopSaleCopy } from '../../shared/receipt/shop-sale-receipt';
import { sellerSchema } from '../../shared/seller';
import type { Queryable } from '../db/adapter';
import { BackOfficeRefusal } from './refusal';

/** A till keeps these settings as JSON text; the server keeps that text as a JSON string (store/upload.ts). */
async function settingText(db: Queryable, key: string): Promise<string | null> {
  const { rows } = await db.query<{ data: unknown }>('SELECT data FROM settings WHERE key = $1', [key]);
  const data = rows[0]?.data;
  return typeof data === 'string' && data !== '' ? data : null;
}

function parsed<T>(text: string | null, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (text === null) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** `at`: when the copy is made (the mark's time). Throws a refusal when the sale has no fiscal copy or the shop no seller. */
export async function saleCopyReceipt(db: Queryable, copy: ShopSaleCopy, at: number): Promise<ReceiptDto> {
  const seller = parsed(await settingText(db, 'seller'), sellerSchema);
  if (!seller) {
    throw new BackOfficeRefusal({ code: 'UNAVAILABLE', message: 'The shop server has no seller details; a paired till uploads them.', reason: 'SHOP_SELLER_MISSING' });
  }
  const numberingAuthorization: NumberingAuthorizationDto | null = parsed(await settingText(db, 'numbering_authorization'), numberingAuthorizationSchema);
  // A sale pushed with its QR URL keeps it; an older push's lookup is the production DIAN's (the server knows no demo).
  const receipt = buildShopSaleReceipt(copy, { seller, locale: 'es-CO', paperWidth: 80, numberingAuthorization }, 'production');
  if (!receipt?.qrUrl) {
    throw new BackOfficeRefusal({ code: 'INVALID_INPUT', message: 'Only a sale the DIAN validated has a fiscal copy to print.', reason: 'SALE_NOT_VALIDATED' });
  }
  // copyNumber 0: the PC counts no copies (a till's own reprints are numbered in its history).
  return { ...receipt, qrImage: await drawQr(receipt.qrUrl), copy: { copyNumber: 0, at, fiscal: true } };
}
