/** Webhooks heard at the shop server on its embedded PGlite store (suite-service-webhooks.ts). */
import { afterAll } from 'vitest';
import { pgliteStores } from './stores';
import { serviceWebhooksSuite } from './suite-service-webhooks';

const stores = pgliteStores();
afterAll(() => stores.closeAll());
serviceWebhooksSuite(stores.open);
