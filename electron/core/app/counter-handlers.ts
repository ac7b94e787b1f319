/**
 * Several sales at one counter: "Suspender" parks the sale in progress under a number, "Recuperar" brings one back
 * (parking whatever was on the counter in its place). Each move is one transaction in the store.
 */
import type { ParkedSaleDto } from '../../../shared/bridge/types';
import { LIMITS } from '../../../shared/limits';
import { openSaleDraftSchema, type OpenSaleDraft } from '../../../shared/open-sale';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { ParkedSale } from '../store';
import type { AppContext } from './app-context';

type CounterMethods = 'openSale.park' | 'openSale.parked' | 'openSale.recall';

const PREVIEW_PRODUCTS = 3;

function parkedDto(number: number, parkedAt: number, draft: OpenSaleDraft): ParkedSaleDto {
  return {
    number, parkedAt, lineCount: draft.lines.length, customerName: draft.customer?.name ?? null,
    products: draft.lines.slice(0, PREVIEW_PRODUCTS).map((line) => line.name),
  };
}

export function counterHandlers(ctx: Pick<AppContext, 'store' | 'log'>): Pick<BridgeHandlers, CounterMethods> {
  const { store } = ctx;

  /** Parked sales that still read under the shared schema; a damaged one is logged, never shown half. */
  const readable = (parked: ParkedSale): OpenSaleDraft | null => {
    const draft = openSaleDraftSchema.safeParse(parked.draft);
    if (draft.success) return draft.data;
    ctx.log(`parked sale ${parked.number} could not be read back and was left aside`);
    return null;
  };
  const list = (): ParkedSaleDto[] => store.listParkedSales().flatMap((p) => {
    const draft = readable(p);
    return draft ? [parkedDto(p.number, p.parkedAt, draft)] : [];
  });

  return {
    'openSale.park': async ({ slot, draft }) => {
      if (store.listParkedSales().length >= LIMITS.maxParkedSales) {
        throw new BridgeFailure('INVALID_INPUT', `There are already ${LIMITS.maxParkedSales} parked sales; recall or charge one first.`);
      }
      const parked = store.parkSale(slot, draft, LIMITS.maxParkedSales);
      return { parked: parkedDto(parked.number, parked.parkedAt, draft), list: list() };
    },
    'openSale.parked': async () => list(),
    'openSale.recall': async ({ slot, number, draft }) => {
      const existing = store.listParkedSales().find((p) => p.number === number);
      if (!existing) throw new BridgeFailure('NOT_FOUND', `There is no parked sale ${number}.`);
      const recalledDraft = readable(existing);
      if (!recalledDraft) throw new BridgeFailure('NOT_FOUND', `Parked sale ${number} could not be read back.`);
      const moved = store.recallParkedSale(number, slot, draft, LIMITS.maxParkedSales);
      if (!moved) throw new BridgeFailure('NOT_FOUND', `There is no parked sale ${number}.`);
      return { draft: recalledDraft, parkedCurrent: moved.parkedCurrent, list: list() };
    },
  };
}
