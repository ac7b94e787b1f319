/** The back office's data on the embedded store (PGlite): the day report, the dashboard, History, master data edits and shifts. */
import { afterAll } from 'vitest';
import { pgliteStores } from './stores';
import { backOfficeHistorySuite } from './suite-back-office-history';
import { backOfficeRecordsSuite } from './suite-back-office-records';
import { backOfficeReportsSuite } from './suite-back-office-reports';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

backOfficeReportsSuite(stores.open, { perTill: 15 });
backOfficeHistorySuite(stores.open);
backOfficeRecordsSuite(stores.open);
