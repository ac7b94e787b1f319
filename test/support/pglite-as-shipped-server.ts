/**
 * The shop server on PGlite as PGlite ships (fsync off, no fsync in its file layer), the way this server ran before
 * issue 25, for the durability bench's "before" figures and the power-cut test's control. Otherwise as
 * `npm run server` (server/cli.ts) on 127.0.0.1: prints the same start line; SIGTERM stops it.
 *   tsx test/support/pglite-as-shipped-server.ts --data-dir DIR [--port N]
 */
import { parseArgs } from 'node:util';
import { ensureAdminToken, ensureDataDir, pgliteDir } from '../../server/data-dir';
import { openStore } from '../../server/open-store';
import { startShopServer } from '../../server/server';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, port: { type: 'string', default: '0' } } });
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir is required');
ensureDataDir(dataDir);
const db = await openStore({ pgliteDir: pgliteDir(dataDir), pgliteAsShipped: true });
const server = await startShopServer({ db, host: '127.0.0.1', port: Number(values.port), tls: null, adminToken: ensureAdminToken(dataDir), log: () => {} });
console.log(`Servidor de la tienda Mostrador en ${server.url} (embedded PostgreSQL as PGlite ships; ${db.durability.summary})`);
process.once('SIGTERM', () => {
  void server.close().then(() => db.close()).then(() => process.exit(0));
});
