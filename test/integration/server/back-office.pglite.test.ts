/** The back office's data on the embedded store (PGlite): the day report, the dashboard and History, smaller. */
import { afterAll } from 'vitest';
import { pgliteStores } from './stores';
import { backOfficeHistorySuite } from './suite-back-office-history';
import { backOfficeReportsSuite } from './suite-back-office-reports';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

backOfficeReportsSuite(stores.open, { perTill: 15 });
backOfficeHistorySuite(stores.open);
