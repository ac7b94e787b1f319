/**
 * The shop server's whole suite on a real PostgreSQL: a throwaway cluster (initdb + pg_ctl, unprivileged, private
 * port) started for this file, a fresh database per test. Skipped, saying why, only where Debian's postgresql is
 * not installed (CI installs it).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { postgresStores } from './stores';
import { contractLimitsSuite } from './suite-contract-limits';
import { feedAndCommandsSuite } from './suite-feed-commands';
import { pairingAndAuthSuite } from './suite-pairing-auth';
import { salesSuite } from './suite-sales';
import { tillNamesSuite } from './suite-till-names';
import { secretsAndTlsSuite } from './suite-secrets-tls';
import { concurrencySuite } from './suite-concurrency';

const available = postgresBinDir() !== null;

if (!available) {
  describe('shop server on PostgreSQL', () => {
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
  pairingAndAuthSuite(open);
  tillNamesSuite(open);
  feedAndCommandsSuite(open);
  salesSuite(open);
  contractLimitsSuite(open);
  secretsAndTlsSuite(open);
  concurrencySuite(open);
}
