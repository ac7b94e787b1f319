/**
 * People at the till: who is selling, setting people up, the owners' overrides, and the guard that puts every
 * bridge call a cashier cannot make alone behind an owner's PIN (one PIN, one call, recorded).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { InvoiceItem } from '../../../shared/api/invoice-request';
import { DEFAULT_TILL_NAME } from '../../../shared/bridge/contract';
import type { PeopleSessionDto, PersonDto } from '../../../shared/bridge/types';
import type { OverrideDetail, PriceLineChange } from '../../../shared/override-detail';
import { OWNER_OVERRIDE_FIELD, type OwnerOverride } from '../../../shared/people';
import { BridgeFailure, invalidField } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import { priceChanges, restrictionOf } from '../people/cashier-rules';
import { hashPin } from '../../../common/pin-hash';
import { TillSession } from '../people/till-session';
import type { Actor } from '../store/corrections';
import type { Person } from '../store/people';
import type { AppContext } from './app-context';
import { KEYS, readCashierMaxDiscount, readShiftRule } from './settings-mapping';
import { NOBODY_SIGNED_IN, NO_SHIFT_REASONS } from '../../../shared/shift-rule';

type PeopleMethods = 'sales.tills' | 'people.session' | 'people.signIn' | 'people.signOut' | 'people.save' | 'people.overrides' | 'people.approveLine';

const ROLE_WORDS = { owner: 'an owner', cashier: 'a cashier' } as const;

const personDto = ({ id, name, role, active }: Person): PersonDto => ({ id, name, role, active });

export interface PeopleDesk {
  handlers: Pick<BridgeHandlers, PeopleMethods>;
  /** Wraps the whole handler table: restricted calls need an owner (or an owner's PIN for that one call). */
  guard(handlers: BridgeHandlers): BridgeHandlers;
  /** What a charge writes with its sale, inside the sale's transaction: the till, who sold it, the overrides it used. */
  saleStamp(sale: { items: readonly InvoiceItem[]; openSaleSlot?: string | undefined }): (saleId: number) => void;
  /** Who is acting in the current call (the person at the till, and the owner whose PIN allowed it). */
  actor(): Actor;
  /** The active owner whose PIN this is, through the PIN guard (FORBIDDEN otherwise): the back office's door. */
  ownerByPin(pin: string): Promise<Person>;
  setUp(): boolean;
}

export function peopleDesk(ctx: AppContext): PeopleDesk {
  const { store } = ctx;
  const session = new TillSession(store, ctx.now);
  const approvals = new AsyncLocalStorage<Person>();

  const sessionDto = (): PeopleSessionDto => ({
    setUp: session.setUp(), current: session.current(), people: store.listPeople().map(personDto),
  });

  const seller = (): string => {
    const current = session.current();
    return current ? `${current.name} (${ROLE_WORDS[current.role]})` : 'Nobody signed in';
  };

  /** The override log must not turn a finished action into a failure: a record that fails is logged. */
  function record(owner: Person, action: string, detail: OverrideDetail, extra: { openSaleSlot?: string; productCode?: string } = {}): void {
    try {
      store.recordOverride({ owner, cashier: session.current(), action, detail, ...extra });
    } catch (error) {
      ctx.log(`an owner override (${action}) was used but could not be recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Price overrides a charge would use, by line; refuses the charge when a changed line has none. */
  function overridesFor(items: readonly InvoiceItem[], openSaleSlot: string | undefined) {
    if (!session.needsOwner()) return [];
    const pending = openSaleSlot === undefined ? new Map<string, { id: number }>() : store.pendingPriceOverrides(openSaleSlot);
    const maxDiscount = readCashierMaxDiscount(store);
    const changes = priceChanges(items, store, maxDiscount);
    const missing = changes.filter((c) => !pending.has(c.code));
    if (missing.length > 0) {
      const fields = Object.fromEntries(missing.flatMap((c) => [
        ...(c.price ? [[`items.${c.index}.price`, 'differs from the catalog; an owner must approve the change']] : []),
        ...(c.discount ? [[`items.${c.index}.discount_rate`, `is above the ${maxDiscount} % a cashier may give alone; an owner must approve it`]] : []),
      ]));
      throw new BridgeFailure(
        'FORBIDDEN',
        `${seller()} cannot change a price or a tax, or give a discount above ${maxDiscount} %, at the counter: an owner must enter their PIN for ${missing.map((c) => c.code).join(', ')}.`,
        fields,
      );
    }
    // One override per product; several lines of one product share it.
    const used = new Map<number, PriceLineChange[]>();
    for (const c of changes) {
      const override = pending.get(c.code);
      if (override) used.set(override.id, [...(used.get(override.id) ?? []), c.line]);
    }
    return [...used].map(([id, lines]): { id: number; detail: OverrideDetail } => ({ id, detail: { kind: 'price', lines } }));
  }

  async function savePerson(input: { id?: number | undefined; name: string; role: 'owner' | 'cashier'; pin?: string | undefined; active?: boolean | undefined }): Promise<PersonDto> {
    const everyone = store.peopleWithPins();
    const firstRun = everyone.length === 0;
    if (firstRun && input.role !== 'owner') throw invalidField('person.role', 'the first person set up must be an owner');
    const existing = input.id === undefined ? undefined : everyone.find((p) => p.id === input.id);
    if (input.id !== undefined && !existing) throw new BridgeFailure('NOT_FOUND', `There is no person ${input.id}.`);
    const active = input.active ?? existing?.active ?? true;
    const ownersLeft = everyone.filter((p) => p.active && p.role === 'owner' && p.id !== input.id).length;
    if (existing && (input.role !== 'owner' || !active) && ownersLeft === 0) {
      throw invalidField('person.role', 'at least one active owner must remain');
    }
    // A new PIN is never compared with anyone's: "already used by someone else" would let an owner try PINs by
    // saving a person, unpaused, and learn which ones the cashiers have. Two people may share a PIN; sign-in names
    // the person, and an owner's override (found by PIN alone) refuses a PIN someone else also has (pin-guard.ts).
    const pinHash = input.pin === undefined ? undefined : await hashPin(input.pin);
    if (!existing) {
      const added = store.addPerson({ name: input.name, role: input.role, pinHash: pinHash as string });
      // Whoever sets the till up is at it: they are the one selling.
      if (firstRun) session.become(added);
      return personDto(added);
    }
    return personDto(store.updatePerson(existing.id, { name: input.name, role: input.role, active, ...(pinHash ? { pinHash } : {}) }));
  }

  const handlers: PeopleDesk['handlers'] = {
    'sales.tills': async () => store.tillsInHistory(),
    'people.session': async () => sessionDto(),
    'people.signIn': async ({ personId, pin }) => {
      await session.signIn(personId, pin);
      return sessionDto();
    },
    'people.signOut': async () => {
      session.signOut();
      return sessionDto();
    },
    'people.save': async ({ person }) => savePerson(person),
    'people.overrides': async ({ limit, offset }) => {
      const page = store.listOverrides(limit, offset ?? 0);
      return {
        total: page.total,
        overrides: page.overrides.map((o) => ({
          id: o.id, at: o.at, ownerName: o.ownerName, cashierName: o.cashierName, action: o.action, detail: o.detail,
          saleShortNumber: o.saleShortNumber, usedAt: o.usedAt,
        })),
      };
    },
    'people.approveLine': async ({ slot, code, ownerOverride }) => {
      if (!session.needsOwner()) return { approved: true };
      const owner = await session.owner(ownerOverride.pin);
      record(owner, 'price', { kind: 'price-approved', code }, { openSaleSlot: slot, productCode: code });
      return { approved: true };
    },
  };

  function guard(all: BridgeHandlers): BridgeHandlers {
    const guarded: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const [method, handler] of Object.entries(all) as Array<[string, (input: unknown) => Promise<unknown>]>) {
      guarded[method] = async (raw) => {
        const { [OWNER_OVERRIDE_FIELD]: override, ...input } = (raw ?? {}) as Record<string, unknown> & { ownerOverride?: OwnerOverride };
        if (method === 'people.approveLine') return handler(raw);
        if (method === 'sales.charge') {
          // Who sold it is part of the sale: once people are set up, somebody must be signed in.
          if (session.setUp() && !session.current()) throw new BridgeFailure('FORBIDDEN', 'Nobody is signed in at this till: choose who is selling first.', { person: 'nobody is signed in; choose who is selling' }, NOBODY_SIGNED_IN);
          shiftCheck();
          overridesFor(input.items as InvoiceItem[], input.openSaleSlot as string | undefined);
          // The buyer is invoiced with the tax data saved for it, as customers.save keeps it: other data needs an owner.
          const buyerChange = session.needsOwner() ? restrictionOf('customers.save', { customer: input.customer }, store) : null;
          if (!buyerChange) return handler(input);
          if (!override) {
            throw new BridgeFailure(
              'FORBIDDEN',
              `${seller()} cannot invoice a saved customer with other tax data: an owner must enter their PIN, or charge with the saved data.`,
              { [OWNER_OVERRIDE_FIELD]: 'an owner\'s PIN is needed for this action' },
            );
          }
          const owner = await session.owner(override.pin);
          const result = await approvals.run(owner, () => handler(input));
          record(owner, buyerChange.action, buyerChange.detail);
          return result;
        }
        const restriction = session.needsOwner() ? restrictionOf(method, input, store) : null;
        if (!restriction) return handler(input);
        if (!override) {
          throw new BridgeFailure(
            'FORBIDDEN',
            `${seller()} cannot do this alone (${restriction.action}): an owner must enter their PIN for this action.`,
            { [OWNER_OVERRIDE_FIELD]: 'an owner\'s PIN is needed for this action' },
          );
        }
        const owner = await session.owner(override.pin);
        // The handler may record who allowed it (a correction's record names the owner): kept for this call only.
        const result = await approvals.run(owner, () => handler(input));
        record(owner, restriction.action, restriction.detail);
        return result;
      };
    }
    return guarded as BridgeHandlers;
  }

  function saleStamp(sale: { items: readonly InvoiceItem[]; openSaleSlot?: string | undefined }): (saleId: number) => void {
    return (saleId) => {
      // Inside the sale's transaction: a shift closed (or a person signed out) since the guard looked stops it here.
      if (session.setUp() && !session.current()) throw new BridgeFailure('FORBIDDEN', 'Nobody is signed in at this till: choose who is selling first.', { person: 'nobody is signed in; choose who is selling' }, NOBODY_SIGNED_IN);
      shiftCheck();
      store.stampSale(saleId, {
        tillId: store.tillId(),
        tillName: store.getSetting(KEYS.tillName)?.trim() || DEFAULT_TILL_NAME,
        cashier: session.current(),
        // Worked out again inside the sale's transaction: nothing can use an override between the check and here.
        usedOverrides: overridesFor(sale.items, sale.openSaleSlot),
        ...(sale.openSaleSlot !== undefined && session.needsOwner() ? { openSaleSlot: sale.openSaleSlot } : {}),
      });
    };
  }

  /**
   * With people or shifts in use a till sells inside an open shift: never a sale silently «fuera de turno». Asked
   * before the charge (a clear refusal the screen turns into «abrir turno») and again inside the sale's transaction.
   * Two indexed reads; a till with a shift open pays nothing more.
   */
  function shiftCheck(): void {
    if (store.openShift() !== null) return;
    if (!session.setUp() && !store.anyShift()) return;
    const rule = readShiftRule(store);
    throw new BridgeFailure(
      'FORBIDDEN',
      rule === 'ask'
        ? 'No shift is open at this till: open one (with the cash the drawer starts with) to charge.'
        : 'No shift is open at this till, and the owner has set it to sell only inside a shift: open one in Turnos first.',
      { shift: rule === 'ask' ? 'no shift is open; open one to charge' : 'no shift is open; open one in Turnos to sell' },
      NO_SHIFT_REASONS[rule],
    );
  }

  const actor = (): Actor => ({ person: session.current(), approvedBy: approvals.getStore() ?? null });

  return { handlers, guard, saleStamp, actor, ownerByPin: (pin) => session.owner(pin), setUp: () => session.setUp() };
}
