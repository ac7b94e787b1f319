/** A shop server on 127.0.0.1 over a given store, with a movable clock, captured log lines and paired test tills. */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../server/db/adapter';
import { startShopServer, type ShopServer, type ShopServerOptions } from '../../../server/server';
import { customerKey, saveRecord, takeFeedLock, type MasterKind } from '../../../server/store/master-data';
import { ShopTill } from '../../support/shop-till';

export type OpenDb = () => Promise<{ db: Database; cleanup(): Promise<void> }>;

export interface Harness {
  db: Database;
  server: ShopServer;
  logs: string[];
  adminToken: string;
  /** Moves the server's clock (not the tills'). */
  advance(ms: number): void;
  /** `from`: another loopback address its requests leave from (another source for the server's pairing counts). */
  newTill(from?: string): ShopTill;
  pairedTill(name?: string): Promise<ShopTill>;
  admin(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The owner's edit at the server (what the admin route does), for feed and conflict tests. */
  saveAtServer(kind: MasterKind, key: string, data: unknown): Promise<void>;
  /** Stops the server and starts a new one on the same store, clock and admin token (a restart; a new port). */
  restart(): Promise<void>;
  /** Another server on the same store, clock and admin token, as a second process would be (closed with the harness). */
  second(): Promise<ShopServer>;
  close(): Promise<void>;
}

export async function startHarness(openDb: OpenDb, options: {
  tls?: { key: string; cert: string; fingerprint: string }; trustedProxies?: string[]; contractVersion?: number;
  /** Issue 28: each server (the first, a restart, a second) runs a confirmation loop with these options. */
  confirmations?: ShopServerOptions['confirmations'];
} = {}): Promise<Harness> {
  const { db, cleanup } = await openDb();
  let offset = 0;
  const logs: string[] = [];
  const adminToken = randomBytes(24).toString('base64url');
  const start = () => startShopServer({
    db, host: '127.0.0.1', port: 0, tls: options.tls ?? null, adminToken, now: () => Date.now() + offset, log: (line) => logs.push(line),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(options.contractVersion === undefined ? {} : { contractVersion: options.contractVersion }),
    ...(options.confirmations ? { confirmations: options.confirmations } : {}),
  });
  let server = await start();
  const others: ShopServer[] = [];
  const h: Harness = {
    db, server, logs, adminToken,
    advance: (ms) => { offset += ms; },
    newTill: (from) => new ShopTill(server.url, from ? { from } : {}),
    async pairedTill(name) {
      const { body } = await h.admin('POST', '/admin/pairing');
      const till = h.newTill();
      const answer = await till.pair(body.code, name === undefined ? {} : { name });
      if (answer.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(answer.body)}`);
      return till;
    },
    async admin(method, path, body) {
      const res = await fetch(`${server.url}${path}`, {
        method, headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    },
    async saveAtServer(kind, key, data) {
      await db.transaction(async (tx) => {
        await takeFeedLock(tx);
        await saveRecord(tx, kind, key, data, Date.now());
      });
      server.notifier.changed();
    },
    async restart() {
      await server.close();
      server = await start();
      h.server = server;
    },
    async second() {
      const other = await start();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await server.close();
      await cleanup();
    },
  };
  return h;
}

export { customerKey };
