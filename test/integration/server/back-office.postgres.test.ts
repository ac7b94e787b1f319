/** The back office's data at the server on a real PostgreSQL (a throwaway cluster, a fresh database per test). */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { postgresStores } from './stores';
import { backOfficeHistorySuite } from './suite-back-office-history';
import { backOfficeRecordsSuite } from './suite-back-office-records';
import { backOfficeReportsSuite } from './suite-back-office-reports';
import { backOfficeSessionSuite } from './suite-back-office-session';

if (postgresBinDir() === null) {
  describe('back office on PostgreSQL', () => {
    it.skip('skipped: PostgreSQL binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin or $PG_BIN; install Debian\'s postgresql', () => {});
  });
} else {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);
  const open = postgresStores(() => {
    if (!cluster) throw new Error('the PostgreSQL cluster did not start');
    return cluster;
  });
  backOfficeSessionSuite(open);
  backOfficeHistorySuite(open);
  backOfficeRecordsSuite(open);
  backOfficeReportsSuite(open, { perTill: 60 });
}
