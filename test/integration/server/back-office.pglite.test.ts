/** The back office's data on the embedded store (PGlite): the day report, the dashboard, History, master data edits and shifts, sessions. */
import { afterAll } from 'vitest';
import { pgliteStores } from './stores';
import { backOfficeHistorySuite } from './suite-back-office-history';
import { backOfficeRecordsSuite } from './suite-back-office-records';
import { backOfficeReportsSuite } from './suite-back-office-reports';
import { backOfficeSessionSuite } from './suite-back-office-session';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

backOfficeReportsSuite(stores.open, { perTill: 15 });
backOfficeHistorySuite(stores.open);
backOfficeRecordsSuite(stores.open);
// Sessions and PIN pauses live in the store (issue 27): a restart keeps them on the embedded store too.
backOfficeSessionSuite(stores.open);
