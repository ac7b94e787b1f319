/**
 * The sale in progress, kept by the core: the screen saves it as the cashier works and reads it back at start, so a
 * reload, a renderer crash or a restart brings it back. Charging clears it (`sales.charge` with `openSaleSlot`).
 */
import { openSaleDraftSchema } from '../../../shared/open-sale';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { AppContext } from './app-context';

type OpenSaleMethods = 'openSale.get' | 'openSale.save';

export function openSaleHandlers(ctx: Pick<AppContext, 'store' | 'log'>): Pick<BridgeHandlers, OpenSaleMethods> {
  const { store } = ctx;
  return {
    'openSale.get': async ({ slot }) => {
      const stored = store.getOpenSale(slot);
      if (!stored) return null;
      // Written by an older version or damaged by hand: better an empty counter than a screen that cannot render it.
      const draft = openSaleDraftSchema.safeParse(stored.draft);
      if (!draft.success) {
        ctx.log(`open sale "${slot}" could not be read back and was set aside`);
        return null;
      }
      return { draft: draft.data, updatedAt: stored.updatedAt };
    },
    'openSale.save': async ({ slot, draft }) => ({ savedAt: store.saveOpenSale(slot, draft) }),
  };
}
