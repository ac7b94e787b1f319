/**
 * The back-office PC's editors and shifts (issue 21: Catálogo, Clientes, Personas de la tienda, Turnos y Z por caja),
 * answered from the server's own store with the same saves as the HTTP routes a till calls
 * (server/back-office/record-saves.ts): a stale save answers the record as it is now, as a value; a rule of the
 * shop (a name taken, the last owner) is refused on its field with the reason a till's bridge gives for it.
 */
import type { BridgeHandlerTable } from '../../shared/bridge/dispatch-call';
import type { RecordSaveOutcome } from '../../shared/shop/back-office-records';
import { saveCustomerBody, savePersonBody, saveProductBody, type SaveContext, type SaveDecision } from '../back-office/record-saves';
import { listCustomers, listPeople, listProducts } from '../store/back-office-records';
import { listShifts, readShift } from '../store/shift-list';
import { BackOfficeRefusal } from './refusal';

export type BackOfficePcRecordMethods = 'shop.products' | 'shop.saveProduct' | 'shop.customers' | 'shop.saveCustomer'
  | 'shop.people' | 'shop.savePerson' | 'shop.shifts' | 'shop.shift' | 'shop.printShift';

function outcomeOf<T>(saved: SaveDecision<T>): RecordSaveOutcome<T> {
  if (saved.outcome === 'saved') return { outcome: 'saved', record: saved.record };
  if (saved.outcome === 'stale') return { outcome: 'stale', current: saved.current };
  if (saved.outcome === 'invalid') {
    throw new BackOfficeRefusal({ code: 'INVALID_INPUT', message: `Some data is not valid — ${saved.field}: ${saved.message}`, fields: { [saved.field]: saved.message } });
  }
  throw new BackOfficeRefusal({ code: 'INVALID_INPUT', message: saved.message, fields: { [saved.field]: saved.message }, reason: saved.code.toUpperCase() });
}

/** `checked` throws unless the owner's session is open and still valid (handlers.ts). */
export function backOfficePcRecordHandlers(ctx: SaveContext, checked: () => Promise<void>): Pick<BridgeHandlerTable, BackOfficePcRecordMethods> {
  return {
    'shop.products': async (query) => { await checked(); return listProducts(ctx.db, query); },
    'shop.saveProduct': async (body) => { await checked(); return outcomeOf(await saveProductBody(ctx, body)); },
    'shop.customers': async (query) => { await checked(); return listCustomers(ctx.db, query); },
    'shop.saveCustomer': async (body) => { await checked(); return outcomeOf(await saveCustomerBody(ctx, body)); },
    'shop.people': async () => { await checked(); return { people: await listPeople(ctx.db) }; },
    // The PIN is hashed by the save and goes no further: not kept, answered or logged here.
    'shop.savePerson': async (body) => { await checked(); return outcomeOf(await savePersonBody(ctx, body)); },
    'shop.shifts': async ({ date, till }) => { await checked(); return listShifts(ctx.db, date, till); },
    'shop.shift': async ({ tillNumber, shiftId }) => {
      await checked();
      const detail = await readShift(ctx.db, tillNumber, shiftId);
      if (!detail) throw new BackOfficeRefusal({ code: 'NOT_FOUND', message: 'The shop server has no such shift.' });
      return detail;
    },
    // No receipts' printer here: the page prints the Z it shows (browser mode's window.print(), 80 mm from receipt.css).
    'shop.printShift': async ({ tillNumber, shiftId }) => {
      await checked();
      if (!(await readShift(ctx.db, tillNumber, shiftId))?.report) throw new BackOfficeRefusal({ code: 'NOT_FOUND', message: 'The shop server has no Z report of that shift.', reason: 'NO_Z_REPORT' });
      return { queued: false };
    },
  };
}
