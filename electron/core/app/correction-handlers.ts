/**
 * Corrections as the bridge sees them: why a sale needs attention (in the service's words), what the owner may do,
 * correcting the customer or the lines and sending it again, and voiding a sale the service never stored. Owner-only
 * calls (electron/core/people/cashier-rules.ts); the store decides what the sale's standing allows.
 */
import { describeProblems } from '../../../shared/api/errors';
import { chargeRequestBytes } from '../../../shared/sale-input';
import { LIMITS } from '../../../shared/limits';
import type { LinkedSaleDto, SaleCorrectionDto } from '../../../shared/bridge/types';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { CorrectionRefused, type Actor } from '../store';
import type { Sale } from '../store/sales';
import type { AppContext } from './app-context';
import { currentService } from './settings-mapping';
import { voidOnlyIfNotHeld } from './void-lookup';

type CorrectionMethods = 'corrections.get' | 'corrections.correct' | 'corrections.void';

/** Request fields named in the service's words ("customer.email", "items.0.quantity"). */
const FIELD_PATTERN = /\b(?:customer|items|payment)(?:\.[A-Za-z0-9_]+)+/g;

const NOBODY: Actor = { person: null, approvedBy: null };

export function correctionHandlers(ctx: AppContext): Pick<BridgeHandlers, CorrectionMethods> {
  const { store } = ctx;

  const saleOrFail = (id: number): Sale => {
    const sale = store.getSale(id);
    if (!sale) throw new BridgeFailure('NOT_FOUND', `There is no sale ${id}.`);
    return sale;
  };

  const linked = (id: number | null): LinkedSaleDto | null => {
    const sale = id === null ? null : store.getSale(id);
    return sale ? { id: sale.id, shortNumber: sale.shortNumber, referenceCode: sale.referenceCode, state: sale.outbox.state } : null;
  };

  function view(saleId: number): SaleCorrectionDto {
    const sale = saleOrFail(saleId);
    const standing = store.saleStanding(saleId);
    const documentWords = describeProblems(sale.outbox.remoteRaw?.errors);
    const serviceWords = documentWords.length > 0 ? documentWords : sale.outbox.lastError ? [sale.outbox.lastError] : [];
    const links = store.correctionLinks(saleId);
    return {
      saleId, standing,
      canCorrect: standing === 'refused_at_creation' ? 'same_reference' : standing === 'rejected_after_validation' ? 'new_reference' : null,
      canVoid: standing === 'refused_at_creation' || standing === 'never_sent',
      // Not voidable while the service may hold it; the void first asks the service by the reference code.
      voidAsksService: standing === 'maybe_stored' && sale.outbox.remoteId === null,
      serviceWords,
      fields: [...new Set(serviceWords.flatMap((w) => w.match(FIELD_PATTERN) ?? []))],
      corrects: linked(links.corrects),
      correctedBy: linked(links.correctedBy),
      log: store.correctionsOf(saleId).map((r) => ({
        id: r.id, at: r.at, kind: r.kind, personName: r.personName, approvedByName: r.approvedByName, what: r.what, reason: r.reason,
        before: { customer: r.before.customer, items: r.before.items, referenceCode: r.before.referenceCode },
        after: r.after,
      })),
    };
  }

  /** The store's refusal, said by the sale's standing (the screen words it); anything else stays as it is. */
  function refused(error: unknown): never {
    if (error instanceof CorrectionRefused) throw invalidField('saleId', `cannot be changed here (${error.standing})`);
    throw error;
  }

  /** A sale goes back to the service it was rung up for; refused before anything is written if that cannot be reached. */
  async function ownServiceOrFail(sale: Sale): Promise<string> {
    const own = sale.outbox.service === '' ? currentService(store) : sale.outbox.service;
    const why = own === currentService(store) ? null : await ctx.connection.unreachable(own);
    if (why) throw new BridgeFailure('UNAVAILABLE', `Sale ${sale.referenceCode} cannot be sent again: ${why}`);
    return own;
  }

  /** After the commit: nothing here may turn the answer into a failure. */
  async function announce(entry: { entryId: number; referenceCode: string }, service: string): Promise<void> {
    ctx.outboxChanged({ entryId: entry.entryId, referenceCode: entry.referenceCode, state: 'waiting' });
    if (service === currentService(store)) return;
    await ctx.connection.wake(service).catch((error: unknown) => {
      ctx.log(`sale ${entry.referenceCode} was corrected; its service could not be started: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  return {
    'corrections.get': async ({ saleId }) => view(saleId),

    'corrections.correct': async ({ saleId, customer, items, reason }) => {
      const sale = saleOrFail(saleId);
      const corrected = { customer: customer ?? sale.customer, items: items ?? sale.items, payment: sale.payment };
      // The same bound as a charge: a body the service refuses for its size could never be invoiced.
      const bytes = chargeRequestBytes(corrected);
      if (bytes > LIMITS.maxRequestBytes) {
        throw invalidField('items', `would make an invoice of ${bytes} bytes, more than the ${LIMITS.maxRequestBytes} allowed; split the sale in two`);
      }
      const service = await ownServiceOrFail(sale);
      let done;
      try {
        done = store.correctSale({
          saleId, reason, actor: ctx.actor?.() ?? NOBODY,
          ...(customer !== undefined ? { customer } : {}), ...(items !== undefined ? { items } : {}),
        });
      } catch (error) {
        refused(error);
      }
      // Committed: from here on nothing may answer failure.
      await announce(done, service);
      return { kind: done.kind, saleId: done.saleId, referenceCode: done.referenceCode, shortNumber: done.shortNumber };
    },

    'corrections.void': async ({ saleId, reason }) => {
      await voidOnlyIfNotHeld(ctx, saleOrFail(saleId));
      try {
        store.voidSale({ saleId, reason, actor: ctx.actor?.() ?? NOBODY });
      } catch (error) {
        refused(error);
      }
      ctx.outboxChanged();
      return view(saleId);
    },
  };
}
