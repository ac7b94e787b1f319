/**
 * The back office's master data and shifts (shared/shop/back-office-records.ts), behind a session already checked
 * by back-office-routes.ts. A save on a stale version is answered 409 `stale_version` with the record as it is now;
 * the saves themselves are server/back-office/record-saves.ts (shared with the back-office PC's bridge).
 */
import type { IncomingMessage } from 'node:http';
import {
  customerSaveSchema, personSaveSchema, productSaveSchema, recordsQuerySchema, shiftsQuerySchema,
} from '../../shared/shop/back-office-records';
import { productCodeSchema } from '../../shared/product';
import { SHOP_LIMITS } from '../../shared/shop/contract';
import { saveCustomerBody, savePersonBody, saveProductBody, type SaveDecision } from '../back-office/record-saves';
import { listCustomers, listPeople, listProducts, readProduct } from '../store/back-office-records';
import { listShifts, readShift } from '../store/shift-list';
import type { Database } from '../db/adapter';
import type { ChangeNotifier } from './change-notifier';
import { checkValue, invalid, parseBody, readBody, refusal, reply, type Reply } from './io';

const P = '/v1/back-office/';

/** What these routes need of the back office's context (back-office-routes.ts passes its own). */
export interface RecordsContext { db: Database; notifier: ChangeNotifier; now: () => number }

function answerSave<T>(saved: SaveDecision<T>, name: string): Reply {
  if (saved.outcome === 'invalid') return invalid([{ field: saved.field, message: saved.message }]);
  if (saved.outcome === 'stale') {
    return refusal(409, 'stale_version', `the ${name} changed since it was opened; the current one is attached`, { current: saved.current });
  }
  if (saved.outcome === 'refused') return refusal(409, saved.code, saved.message, { field: saved.field });
  return reply(200, { [name]: saved.record });
}

/** The answer for a records or shifts route, or null when the path is none of them. */
export async function handleRecords(ctx: RecordsContext, req: IncomingMessage, method: string, url: URL): Promise<Reply | null> {
  const path = url.pathname;
  const query = Object.fromEntries(url.searchParams);
  const kind = /^\/v1\/back-office\/(products|customers|people)$/.exec(path)?.[1];
  if (kind && method === 'POST') {
    const body = await readBody(req, SHOP_LIMITS.maxBodyBytes);
    if (!body.ok) return body.reply;
    if (kind === 'products') {
      const parsed = parseBody(body.bytes, productSaveSchema);
      return parsed.ok ? answerSave(await saveProductBody(ctx, parsed.value), 'product') : parsed.reply;
    }
    if (kind === 'customers') {
      const parsed = parseBody(body.bytes, customerSaveSchema);
      return parsed.ok ? answerSave(await saveCustomerBody(ctx, parsed.value), 'customer') : parsed.reply;
    }
    const parsed = parseBody(body.bytes, personSaveSchema);
    return parsed.ok ? answerSave(await savePersonBody(ctx, parsed.value), 'person') : parsed.reply;
  }
  if (kind && method !== 'GET') return refusal(405, 'method_not_allowed', 'use GET or POST', {}, { Allow: 'GET, POST' });
  if (method !== 'GET') return null;
  if (kind === 'products' || kind === 'customers') {
    const q = checkValue(query, recordsQuerySchema, 'query');
    if (!q.ok) return q.reply;
    return reply(200, kind === 'products' ? await listProducts(ctx.db, q.value) : await listCustomers(ctx.db, q.value));
  }
  if (kind === 'people') return reply(200, { people: await listPeople(ctx.db) });
  if (path.startsWith(`${P}products/`)) {
    const code = checkValue(decodeURIComponent(path.slice(`${P}products/`.length)), productCodeSchema, 'code');
    if (!code.ok) return code.reply;
    const product = await readProduct(ctx.db, code.value);
    return product ? reply(200, product) : refusal(404, 'not_found', `no product ${code.value}`);
  }
  if (path === `${P}shifts`) {
    const q = checkValue(query, shiftsQuerySchema, 'query');
    if (!q.ok) return q.reply;
    return reply(200, await listShifts(ctx.db, q.value.date, q.value.till));
  }
  const shift = /^\/v1\/back-office\/shifts\/(\d{1,3})\/(\d{1,15})$/.exec(path);
  if (shift) {
    const detail = await readShift(ctx.db, Number(shift[1]), Number(shift[2]));
    return detail ? reply(200, detail) : refusal(404, 'not_found', `no shift ${shift[2]} of till ${shift[1]}`);
  }
  return null;
}
