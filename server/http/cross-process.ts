/**
 * Several server processes on one PostgreSQL: a master-data change or a push written through one wakes the
 * long-polls waiting at every other, through `LISTEN/NOTIFY` (server/db/postgres.ts keeps the listening connection).
 * Each process signs what it sends with a per-start id and ignores its own (it woke its waiters already). When the
 * listening connection comes back after a loss, every waiter here is woken: it re-reads, so nothing sent meanwhile
 * stays unseen. On PGlite (one process) there is nothing to link.
 */
import { randomBytes } from 'node:crypto';
import type { Notifications } from '../db/adapter';

export const CHANGES_CHANNEL = 'mostrador_changes';
export const SALES_CHANNEL = 'mostrador_sales';

export interface ProcessLink {
  /** For ChangeNotifier/SalesSignal: tell the other processes (after the commit). */
  publishChanges(): void;
  publishSales(): void;
  /** Starts listening; `wake` receives which signal moved elsewhere ('changes', 'sales', or both after a loss). */
  start(wake: { changes(): void; sales(): void }): Promise<void>;
  close(): Promise<void>;
}

export function linkProcesses(notifications: Notifications | undefined, log: (line: string) => void): ProcessLink {
  const self = randomBytes(9).toString('base64url');
  let listening: { close(): Promise<void> } | null = null;
  const send = (channel: string) => {
    notifications?.notify(channel, self).catch((error: unknown) => {
      // The other processes' tills wake at their own deadline instead; this one's were woken already.
      log(`${new Date().toISOString()} aviso a los otros procesos no enviado (${channel}): ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  return {
    publishChanges: () => send(CHANGES_CHANNEL),
    publishSales: () => send(SALES_CHANNEL),
    async start(wake) {
      if (!notifications) return;
      listening = await notifications.listen([CHANGES_CHANNEL, SALES_CHANNEL], {
        message(channel, payload) {
          if (payload === self) return;
          if (channel === CHANGES_CHANNEL) wake.changes();
          else if (channel === SALES_CHANNEL) wake.sales();
        },
        lost(reason) {
          log(`${new Date().toISOString()} conexión de avisos con PostgreSQL perdida (${reason.slice(0, 200)}); reconectando`);
        },
        back() {
          log(`${new Date().toISOString()} conexión de avisos con PostgreSQL de vuelta; se despierta a todas las cajas para que relean`);
          wake.changes();
          wake.sales();
        },
      });
    },
    async close() {
      await listening?.close();
      listening = null;
    },
  };
}
