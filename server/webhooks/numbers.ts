/** Tienda's figures of the webhooks: whether configured, events received, when the last came, refusals by kind. */
import type { Queryable } from '../db/adapter';
import type { Counters, WebhookReceiver } from './receiver';

export interface WebhookNumbers {
  configured: boolean;
  received: number;
  lastReceivedAt: number | null;
  /** Events already seen (same event id), answered 200 and otherwise ignored. */
  replayed: number;
  refused: { signature: number; tooOld: number; malformed: number; busy: number; total: number };
}

interface Row {
  received: number; replayed: number; last_received_at: number | null;
  refused_signature: number; refused_too_old: number; refused_malformed: number; refused_busy: number;
}

/** Read from the database, plus what this process's receiver counted and has not written yet. */
export async function webhookNumbers(db: Queryable, receiver: Pick<WebhookReceiver, 'unflushed'> | null = null): Promise<WebhookNumbers> {
  const [{ rows: config }, { rows }] = await Promise.all([
    db.query('SELECT 1 FROM service_webhook_config'),
    db.query<Row>('SELECT received, replayed, last_received_at, refused_signature, refused_too_old, refused_malformed, refused_busy FROM service_webhook_counters'),
  ]);
  const r = rows[0];
  const extra: Counters = receiver?.unflushed() ?? { received: 0, replayed: 0, lastReceivedAt: null, refused: { signature: 0, too_old: 0, malformed: 0, busy: 0 } };
  const n = (v: unknown) => Number(v ?? 0);
  const refused = {
    signature: n(r?.refused_signature) + extra.refused.signature,
    tooOld: n(r?.refused_too_old) + extra.refused.too_old,
    malformed: n(r?.refused_malformed) + extra.refused.malformed,
    busy: n(r?.refused_busy) + extra.refused.busy,
  };
  const last = Math.max(n(r?.last_received_at), extra.lastReceivedAt ?? 0);
  return {
    configured: config.length > 0,
    received: n(r?.received) + extra.received,
    lastReceivedAt: last > 0 ? last : null,
    replayed: n(r?.replayed) + extra.replayed,
    refused: { ...refused, total: refused.signature + refused.tooOld + refused.malformed + refused.busy },
  };
}

/** The part of shared/shop/confirmations.ts's shopInvoicingStatusSchema that is the webhooks'. */
export function tiendaWebhooks(n: WebhookNumbers): { configured: boolean; received: number; lastAt: number | null } {
  return { configured: n.configured, received: n.received, lastAt: n.lastReceivedAt };
}
