/** What a receipt takes from the shop's settings besides the sale: the till's, or the shop server's for its copies. */
import type { Locale, PaperWidth, SellerDto } from '../bridge/types';
import type { NumberingAuthorizationDto } from '../numbering-authorization';

export interface ReceiptSettings {
  seller: SellerDto;
  locale: Locale;
  paperWidth: PaperWidth;
  /** This till's name now: printed for a sale that kept none (absent: the default name, "Caja 1"). */
  tillName?: string;
  /** The owner's numbering authorisation (Settings); printed on fiscal receipts only. */
  numberingAuthorization?: NumberingAuthorizationDto | null;
}
