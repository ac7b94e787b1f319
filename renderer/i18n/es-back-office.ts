/** The Spanish words only the back-office screens use: loaded with them (`use-screen-text.ts`), never at start. */
import { esBackup } from './es-backup';
import { esCatalog } from './es-catalog';
import { esCorrections } from './es-corrections';
import { esCustomers } from './es-customers';
import { esHistory } from './es-history';
import { esLayout } from './es-layout';
import { esPeopleScreen } from './es-people-screen';
import { esPrinter } from './es-printer';
import { esReceiptHistory } from './es-receipt-history';
import { esScreens } from './es-screens';
import { esShifts } from './es-shifts';
import { esShop } from './es-shop';
import { esUpdates } from './es-updates';
import { esOwnerView } from './es-owner-view';
import { esShopRecords } from './es-shop-records';
import { esProgress } from './es-progress';

export const esBackOffice = {
  ...esScreens,
  ...esPeopleScreen,
  ...esCustomers,
  ...esLayout,
  ...esReceiptHistory,
  ...esHistory,
  ...esCatalog,
  ...esShifts,
  ...esCorrections,
  ...esPrinter,
  ...esBackup,
  ...esShop,
  ...esUpdates,
  ...esOwnerView,
  ...esShopRecords,
  ...esProgress,
};
