/** The owner's side of a harness: an owner (and a cashier) held at the server, a back-office session, its GETs. */
import { hashPin } from '../../../common/pin-hash';
import type { PushedSale } from '../../../shared/shop/contract';
import type { Harness } from './harness';
import { id32 } from './samples';
import type { ShopTill } from '../../support/shop-till';

export const OWNER_PIN = '2468';
export const CASHIER_PIN = '1357';
const FAST_PIN_COST = { N: 1024, r: 8, p: 1 };

export interface People { owner: string; cashier: string }

export async function seedPeople(h: Harness): Promise<People> {
  const owner = id32();
  const cashier = id32();
  await h.saveAtServer('person', owner, { name: 'Marta', role: 'owner', pinHash: await hashPin(OWNER_PIN, FAST_PIN_COST), active: true });
  await h.saveAtServer('person', cashier, { name: 'Rosa', role: 'cashier', pinHash: await hashPin(CASHIER_PIN, FAST_PIN_COST), active: true });
  return { owner, cashier };
}

/** A session opened on the server's machine with the admin token; its token. */
export async function adminSession(h: Harness, personKey: string, pin = OWNER_PIN): Promise<string> {
  const answer = await h.admin('POST', '/admin/back-office/session', { personKey, pin });
  if (answer.status !== 200) throw new Error(`no session: ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

export async function backOffice(h: Harness, token: string | null, path: string, method = 'GET'): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${h.server.url}${path}`, { method, headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Pushes each till's sales in batches of the contract's size. */
export async function pushAll(tills: readonly ShopTill[], sales: ReadonlyArray<{ tillIndex: number; sale: PushedSale }>): Promise<void> {
  for (const [i, till] of tills.entries()) {
    const own = sales.filter((s) => s.tillIndex === i).map((s) => s.sale);
    for (let k = 0; k < own.length; k += 500) {
      const answer = await till.call('POST', '/v1/sales', { sales: own.slice(k, k + 500) });
      if (answer.status !== 200) throw new Error(`push refused: ${JSON.stringify(answer.body)}`);
    }
  }
}
