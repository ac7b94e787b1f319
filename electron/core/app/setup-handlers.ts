/** The back-office calls: app facts, settings, the connection, numbering ranges and the sync status. */
import type { AppInfoDto } from '../../../shared/bridge/types';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { SOFTWARE_NAME } from '../../../shared/receipt/receipt-titles';
import type { AppContext } from './app-context';
import { seedDemoCatalog } from './demo-catalog';
import { applyPreferredRange, listRanges } from './ranges';
import { CURRENT_RANGE_KEY } from '../sync/range-provider';
import { forgetPreviousSecret, verifyConnection } from './connection-check';
import {
  KEYS, connectionMode, currentService, endpointProblem, switchServiceRows, writeSettings, type ConnectionMode,
} from './settings-mapping';

type SetupMethods =
  | 'app.info' | 'settings.get' | 'settings.save' | 'settings.saveConnection' | 'settings.useDemo' | 'ranges.list'
  | 'sync.status' | 'sync.retryNow';

export interface SetupFacts {
  version: string;
  shell: AppInfoDto['shell'];
}

export function setupHandlers(ctx: AppContext, facts: SetupFacts): Pick<BridgeHandlers, SetupMethods> {
  const { store } = ctx;

  /** After a switch the range in use belongs to the old service: look up the new one without holding the caller. */
  function resolveRangeAfterSwitch(): void {
    if (store.getSetting(CURRENT_RANGE_KEY)) return; // this service's own range, kept from when it was last in use
    let api;
    try {
      ({ api } = ctx.connection.current());
    } catch {
      return; // the configuration cannot be used: the status bar says why, the engine looks the range up later
    }
    ctx.background(applyPreferredRange(api, store, null, ctx.now).catch((error: unknown) => {
      ctx.log(`numbering range look-up after switching failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    }));
  }

  /**
   * Sales already recorded keep going to the service they were rung up for (each service keeps its own engine
   * while it has sales on their way), so a switch never waits for them and never strands them.
   */
  async function switchTo(mode: ConnectionMode, write: () => void, unverified = false): Promise<void> {
    switchServiceRows(store, () => {
      write();
      store.setSetting(KEYS.mode, mode);
    });
    await ctx.connection.activate({ unverified });
    if (mode === 'demo') seedDemoCatalog(store);
    resolveRangeAfterSwitch();
    ctx.outboxChanged();
  }

  return {
    'app.info': async () => {
      const settings = await ctx.settings();
      return {
        version: facts.version, shell: facts.shell, mode: 'till', demo: settings.connection.mode === 'demo', locale: settings.locale,
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
    'settings.saveConnection': async ({ baseUrl, clientId, clientSecret, saveUnverified }) => {
      // Checked first: refused credentials, or an unreachable service without the caller's consent, change nothing.
      await verifyConnection(ctx, { baseUrl, clientId, clientSecret }, saveUnverified === true);
      const previous = { baseUrl: store.getSetting(KEYS.baseUrl) ?? '', clientId: store.getSetting(KEYS.clientId) ?? '' };
      // The keychain next: if it refuses, nothing else changes.
      await ctx.credentials.setClientSecret({ baseUrl, clientId }, clientSecret);
      const unusable = connectionMode(store) === 'service' && endpointProblem(previous.baseUrl, previous.clientId) !== null;
      const from = currentService(store);
      await switchTo('service', () => {
        store.setSetting(KEYS.baseUrl, baseUrl);
        store.setSetting(KEYS.clientId, clientId);
        // Sales rung up while the saved address could not be used were never sent anywhere: they go to the fixed one.
        if (unusable) store.moveUnsent(from, currentService(store));
      }, saveUnverified === true); // saved without an answer: the status bar says the till waits for it
      await forgetPreviousSecret(ctx, previous, { baseUrl, clientId });
      return ctx.settings();
    },
    'settings.useDemo': async () => {
      if (connectionMode(store) === 'demo') return ctx.settings();
      await switchTo('demo', () => {});
      return ctx.settings();
    },
    'ranges.list': () => listRanges(ctx.connection.current().api, store, ctx.now),

    'sync.status': async () => ctx.syncStatus(),
    'sync.retryNow': async () => {
      ctx.connection.retryNow();
      return ctx.syncStatus();
    },
  };
}
