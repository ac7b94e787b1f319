/** The shop server on its embedded default (PGlite in a folder): the core of the suite the PostgreSQL run covers in full. */
import { afterAll } from 'vitest';
import { feedAndCommandsSuite } from './suite-feed-commands';
import { pairingAndAuthSuite } from './suite-pairing-auth';
import { salesSuite } from './suite-sales';
import { tillNamesSuite } from './suite-till-names';
import { pgliteStores } from './stores';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

pairingAndAuthSuite(stores.open);
feedAndCommandsSuite(stores.open);
salesSuite(stores.open);
tillNamesSuite(stores.open);
