/** The back-office calls: app facts, settings, the connection, numbering ranges and the sync status. */
import type { AppInfoDto } from '../../../shared/bridge/types';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { SOFTWARE_NAME } from '../receipt/receipt-titles';
import type { AppContext } from './app-context';
import { seedDemoCatalog } from './demo-catalog';
import { applyPreferredRange, listRanges } from './ranges';
import { KEYS, connectionMode, writeSettings, type ConnectionMode } from './settings-mapping';

type SetupMethods =
  | 'app.info' | 'settings.get' | 'settings.save' | 'settings.saveConnection' | 'settings.useDemo' | 'ranges.list'
  | 'sync.status' | 'sync.retryNow';

export interface SetupFacts {
  version: string;
  shell: AppInfoDto['shell'];
}

export function setupHandlers(ctx: AppContext, facts: SetupFacts): Pick<BridgeHandlers, SetupMethods> {
  const { store } = ctx;

  /**
   * Sales still on their way belong to the service they were rung up for: a demo sale must never become a real
   * invoice, and a real one must never be "validated" by the demo. So the switch waits until they are settled.
   */
  function refuseWhileInFlight(to: ConnectionMode): void {
    const c = store.counts();
    const inFlight = c.waiting + c.sending + c.queued;
    if (inFlight === 0) return;
    const from = connectionMode(store) === 'demo' ? 'the demo service' : 'the invoicing service';
    throw new BridgeFailure(
      'INVALID_INPUT',
      `${inFlight} sale(s) are still on their way to ${from}. Switch to ${to === 'demo' ? 'demo mode' : 'the real service'} once they are validated.`,
    );
  }

  /** After a switch the range in use belongs to the old service: look up the new one without holding the caller. */
  function resolveRangeAfterSwitch(): void {
    const { api } = ctx.connection.current();
    ctx.background(applyPreferredRange(api, store, null, ctx.now).catch((error: unknown) => {
      ctx.log(`numbering range look-up after switching failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    }));
  }

  async function switchTo(mode: ConnectionMode, write: () => void): Promise<void> {
    write();
    store.setSetting(KEYS.mode, mode);
    store.setSetting(KEYS.preferredRange, '');
    await ctx.connection.activate();
    if (mode === 'demo') seedDemoCatalog(store);
    resolveRangeAfterSwitch();
    ctx.outboxChanged();
  }

  return {
    'app.info': async () => {
      const settings = await ctx.settings();
      return {
        version: facts.version, shell: facts.shell, demo: settings.connection.mode === 'demo', locale: settings.locale,
        tillId: settings.tillId, softwareName: SOFTWARE_NAME,
      };
    },

    'settings.get': () => ctx.settings(),
    'settings.save': async (changes) => {
      const previous = store.getSetting(KEYS.preferredRange) || null;
      // The seller's NIT and check digit were checked by the bridge (shared/seller.ts).
      const rangeChanged = changes.preferredRangeId !== undefined && changes.preferredRangeId !== previous;
      if (rangeChanged && changes.preferredRangeId) {
        const known = await listRanges(ctx.connection.current().api, store, ctx.now);
        if (!known.ranges.some((r) => r.id === changes.preferredRangeId)) {
          throw invalidField('preferredRangeId', 'is not one of the invoice numbering ranges of the service');
        }
      }
      writeSettings(store, changes);
      if (rangeChanged) await applyPreferredRange(ctx.connection.current().api, store, changes.preferredRangeId ?? null, ctx.now);
      return ctx.settings();
    },
    'settings.saveConnection': async ({ baseUrl, clientId, clientSecret }) => {
      const sameService = connectionMode(store) === 'service' && store.getSetting(KEYS.baseUrl) === baseUrl
        && store.getSetting(KEYS.clientId) === clientId;
      if (!sameService) refuseWhileInFlight('service');
      // The keychain first: if it refuses, nothing else changes.
      await ctx.credentials.setClientSecret({ baseUrl, clientId }, clientSecret);
      await switchTo('service', () => {
        store.setSetting(KEYS.baseUrl, baseUrl);
        store.setSetting(KEYS.clientId, clientId);
      });
      return ctx.settings();
    },
    'settings.useDemo': async () => {
      if (connectionMode(store) === 'demo') return ctx.settings();
      refuseWhileInFlight('demo');
      await switchTo('demo', () => {});
      return ctx.settings();
    },
    'ranges.list': () => listRanges(ctx.connection.current().api, store, ctx.now),

    'sync.status': async () => ctx.syncStatus(),
    'sync.retryNow': async () => {
      ctx.connection.current().engine.kick();
      return ctx.syncStatus();
    },
  };
}
