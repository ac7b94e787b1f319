/**
 * The owner's routes, answered only to a caller on the server's own machine that shows the admin token kept in the
 * data folder (readable by whoever runs the server): open pairing, list, rename and revoke tills, and change master data
 * at the server (the owner's edits, which every till then receives). The CLI (`npm run server -- pair`) uses them.
 */
import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { customerInputSchema } from '../../shared/customer';
import { shopPersonSchema, shopProductSchema, shopSettingSchema, tillRenameSchema } from '../../shared/shop/contract';
import type { Database } from '../db/adapter';
import { dumpPglite } from '../dump/pglite-dump';
import type { Pairing } from '../pairing/pairing';
import { customerKey, saveRecord, takeFeedLock } from '../store/master-data';
import { listTills, revokeTill } from '../store/tills';
import { readServerStatus } from '../store/server-status';
import { readShopInvoicing } from '../confirm/shop-invoicing';
import { clearServiceAccount, readServiceAccount, setServiceAccount, type ServiceAccount } from '../store/confirmations';
import { rateAccountKey } from '../../common/invoicing/account-key';
import type { ChangeNotifier } from './change-notifier';
import { renameReply } from './till-routes';
import { parseBody, refusal, reply, type Reply } from './io';

export interface AdminContext { db: Database; notifier: ChangeNotifier; pairing: Pairing; now: () => number; adminToken: string }

/** Where the running embedded store writes its dump (the owner's command then verifies it): a new absolute path. */
const dumpSchema = z.strictObject({ out: z.string().min(2).max(4096).regex(/^\//, { error: 'must be an absolute path' }) });
const revokeSchema = z.strictObject({ till: z.string().regex(/^(\d{1,3}|[0-9a-f]{32})$/, { error: 'must be a till number or id' }) });
const renameSchema = z.strictObject({
  till: z.string().regex(/^(\d{1,3}|[0-9a-f]{32})$/, { error: 'must be a till number or id' }),
  name: tillRenameSchema.shape.name,
});
const recordSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('product'), data: shopProductSchema.omit({ version: true }) }),
  z.strictObject({ kind: z.literal('customer'), data: customerInputSchema }),
  z.strictObject({ kind: z.literal('person'), data: shopPersonSchema.omit({ version: true }) }),
  z.strictObject({ kind: z.literal('setting'), data: shopSettingSchema.omit({ version: true }) }),
]);

/** The service's credentials at the server (issue 28): the address and client id only; the secret is in the keychain. */
export const serviceAccountSchema = z.strictObject({
  serviceUrl: z.string().min(8).max(500).regex(/^https?:\/\/[^\s]+$/, { error: 'must be the service\'s address (http:// or https://)' }),
  clientId: z.string().min(1).max(200).regex(/^[\x21-\x7e]+$/, { error: 'must be the client id (printable, no spaces)' }),
});

/** What `service-account show` says: never the secret. */
export function shownAccount(account: ServiceAccount | null): Record<string, unknown> {
  if (!account) return { account: null };
  return {
    account: {
      serviceUrl: account.serviceUrl, clientId: account.clientId, accountKey: account.accountKey, state: account.state,
      refusedAt: account.refusedAt, updatedAt: account.updatedAt,
    },
  };
}

/** The owner's service-account routes; null when the path is not one of them. */
async function serviceAccountRoute(ctx: AdminContext, method: string, path: string, body: Buffer): Promise<Reply | null> {
  if (method === 'GET' && path === '/admin/service-account') return reply(200, shownAccount(await readServiceAccount(ctx.db)));
  if (method === 'POST' && path === '/admin/service-account') {
    const parsed = parseBody(body, serviceAccountSchema);
    if (!parsed.ok) return parsed.reply;
    const { serviceUrl, clientId } = parsed.value;
    return reply(200, shownAccount(await setServiceAccount(ctx.db, serviceUrl, clientId, rateAccountKey(serviceUrl, clientId), ctx.now())));
  }
  if (method === 'POST' && path === '/admin/service-account/clear') return reply(200, shownAccount(await clearServiceAccount(ctx.db)));
  return null;
}

export function isSameMachine(req: IncomingMessage): boolean {
  const remote = req.socket.remoteAddress ?? '';
  return remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1' || remote === req.socket.localAddress;
}

export function adminTokenMatches(req: IncomingMessage, token: string): boolean {
  const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function handleAdmin(ctx: AdminContext, method: string, path: string, body: Buffer): Promise<Reply> {
  if (method === 'POST' && path === '/admin/pairing') {
    const opened = await ctx.pairing.openCode();
    return reply(200, opened);
  }
  if (method === 'GET' && path === '/admin/tills') {
    const tills = await listTills(ctx.db);
    return reply(200, { tills: tills.map(({ publicKey: _omit, ...till }) => till) });
  }
  if (method === 'GET' && path === '/admin/status') {
    const now = ctx.now();
    return reply(200, { ...await readServerStatus(ctx.db, now), invoicing: await readShopInvoicing(ctx.db, now) });
  }
  if (path.startsWith('/admin/service-account')) {
    const answered = await serviceAccountRoute(ctx, method, path, body);
    if (answered) return answered;
  }
  if (method === 'POST' && path === '/admin/tills/revoke') {
    const parsed = parseBody(body, revokeSchema);
    if (!parsed.ok) return parsed.reply;
    const till = await ctx.db.transaction((tx) => revokeTill(tx, parsed.value.till, ctx.now()));
    if (!till) return refusal(404, 'unknown_till', `no till ${parsed.value.till}`);
    ctx.notifier.changed();
    return reply(200, { till: { id: till.id, number: till.number, name: till.name, revoked: till.revoked } });
  }
  if (method === 'POST' && path === '/admin/tills/rename') {
    const parsed = parseBody(body, renameSchema);
    if (!parsed.ok) return parsed.reply;
    return renameReply(ctx, parsed.value.till, parsed.value.name);
  }
  if (method === 'POST' && path === '/admin/records') {
    const parsed = parseBody(body, recordSchema);
    if (!parsed.ok) return parsed.reply;
    const saved = await ctx.db.transaction(async (tx) => {
      await takeFeedLock(tx);
      const r = parsed.value;
      switch (r.kind) {
        case 'product': return saveRecord(tx, 'product', r.data.code, r.data, ctx.now());
        case 'customer': return saveRecord(tx, 'customer', customerKey(r.data), r.data, ctx.now());
        case 'person': {
          const { key, ...person } = r.data;
          return saveRecord(tx, 'person', key, person, ctx.now());
        }
        case 'setting': return saveRecord(tx, 'setting', r.data.key, r.data.value, ctx.now());
      }
    });
    if (saved.outcome === 'applied' && saved.changed) ctx.notifier.changed();
    return reply(200, { version: saved.version });
  }
  if (method === 'POST' && path === '/admin/dump') {
    const parsed = parseBody(body, dumpSchema);
    if (!parsed.ok) return parsed.reply;
    if (ctx.db.kind !== 'pglite') return refusal(409, 'not_embedded', 'this server keeps the shop on PostgreSQL: dump it with --database-url');
    if (existsSync(parsed.value.out)) return refusal(409, 'exists', 'that file exists already; nothing was overwritten');
    return reply(200, { counts: await dumpPglite(ctx.db, parsed.value.out) });
  }
  return refusal(404, 'not_found', 'no such admin route');
}
