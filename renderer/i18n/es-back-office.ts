/** The Spanish words only the back-office screens use: loaded with them (`use-screen-text.ts`), never at start. */
import { esBackup } from './es-backup';
import { esCatalog } from './es-catalog';
import { esCorrections } from './es-corrections';
import { esHistory } from './es-history';
import { esPrinter } from './es-printer';
import { esReceiptHistory } from './es-receipt-history';
import { esShifts } from './es-shifts';

export const esBackOffice = {
  ...esReceiptHistory,
  ...esHistory,
  ...esCatalog,
  ...esShifts,
  ...esCorrections,
  ...esPrinter,
  ...esBackup,
};
