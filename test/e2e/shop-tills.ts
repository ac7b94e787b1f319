/**
 * What the shop e2e files set up alike. Two browser-mode tills paired with a shop server, as the owner's e2e files begin: the owner Marta is set up at
 * till 1, which seeds the shop; till 2 ("Caja 2") pairs after it. Both apps go into `apps`, for the caller to dispose.
 */
import type { Page } from '@playwright/test';
import pg from 'pg';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { startShopServerProcess, type ShopServerProcess } from '../support/shop-server-process';
import { disposeApp, startApp, type AppProcess } from './app-process';
import { callCore } from './core-bridge';

export async function startTwoPairedTills(server: ShopServerProcess, apps: AppProcess[], ownerPin: string): Promise<[AppProcess, AppProcess]> {
  const t1 = await startApp();
  apps.push(t1);
  const t2 = await startApp();
  apps.push(t2);
  const pairingCode = async () => String((await server.admin('POST', '/admin/pairing')).body.code);
  await callCore(t1, 'people.save', { person: { name: 'Marta', role: 'owner', pin: ownerPin } });
  await callCore(t1, 'shopServer.pair', { address: server.address, code: await pairingCode(), seedShop: true });
  await callCore(t2, 'settings.save', { tillName: 'Caja 2' });
  await callCore(t2, 'shopServer.pair', { address: server.address, code: await pairingCode() });
  return [t1, t2];
}

/** A throwaway PostgreSQL cluster with one database, a client on it, and the shop server over TLS on that database. */
export interface PostgresShop { cluster: PgCluster; url: string; db: pg.Client; server: ShopServerProcess }

export async function startPostgresShop(database: string): Promise<PostgresShop> {
  const cluster = await startPgCluster();
  // The files skip first where Debian's postgresql is missing (postgresBinDir()).
  if (!cluster) throw new Error('Debian\'s postgresql (initdb, pg_ctl) is not installed');
  const url = await cluster.createDatabase(database);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const server = await startShopServerProcess({ databaseUrl: url, tls: true });
  return { cluster, url, db, server };
}

/** Closes the tills' pages and disposes their apps, then the server, the client and the cluster. */
export async function stopPostgresShop(shop: PostgresShop | null, tills: Array<{ app: AppProcess; page: Page | null }>): Promise<void> {
  for (const till of tills) {
    await till.page?.context().close().catch(() => {});
    await disposeApp(till.app);
  }
  await shop?.server.dispose();
  await shop?.db.end().catch(() => {});
  shop?.cluster.stop();
}
