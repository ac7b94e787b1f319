/**
 * Webhooks heard at the shop server on a real PostgreSQL (suite-service-webhooks.ts): a throwaway cluster, a fresh
 * database per test. Skipped, saying why, only where Debian's postgresql is not installed.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { postgresStores } from './stores';
import { serviceWebhooksSuite } from './suite-service-webhooks';

if (postgresBinDir() === null) {
  describe('webhooks heard at the shop server on PostgreSQL', () => {
    it.skip('skipped: PostgreSQL binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin or $PG_BIN; install Debian\'s postgresql', () => {});
  });
} else {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);
  serviceWebhooksSuite(postgresStores(() => {
    if (!cluster) throw new Error('the PostgreSQL cluster did not start');
    return cluster;
  }));
}
