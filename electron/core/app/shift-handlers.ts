/**
 * Shifts at the till: open with the drawer's cash, an X report at any time, close with the cash counted by bill and
 * coin (the Z report, frozen), print either on the receipts' printer. Closing with sales still unsent is refused
 * until the person has been told how many and how old, and confirms. Also the unsent-sales alert of the status bar.
 */
import { DEFAULT_TILL_NAME } from '../../../shared/bridge/contract';
import type { PaperWidth, PersonDto, ShiftReportDto, UnsentSalesDto } from '../../../shared/bridge/types';
import { DEFAULT_UNSENT_ALERT_MINUTES, cashCountTotal, fullCashCount, unsentAlertSchema } from '../../../shared/shift';
import { BridgeFailure } from '../bridge/bridge-failure';
import type { BridgeHandlers } from '../bridge/dispatch';
import type { ShiftRecord } from '../store/shifts';
import type { AppContext } from './app-context';
import { KEYS } from './settings-mapping';
import { reportOfShift, shiftDto, shiftReport } from './shift-report';

type ShiftMethods =
  | 'shifts.current' | 'shifts.open' | 'shifts.report' | 'shifts.close' | 'shifts.list' | 'shifts.print' | 'shifts.pdf'
  | 'shifts.unsentAlert' | 'sales.unsent';

/** The setting holding the owner's alert time, in minutes. */
export const UNSENT_ALERT_KEY = 'unsent_alert_minutes';

const MINUTE_MS = 60_000;

/** "3 sales are not sent yet; the oldest was recorded 95 minutes ago": the close's question, in the core's words. */
export function unsentQuestion(count: number, oldestAt: number | null, now: number): string {
  const minutes = oldestAt === null ? 0 : Math.max(0, Math.floor((now - oldestAt) / MINUTE_MS));
  return `${count} ${count === 1 ? 'sale is' : 'sales are'} not sent yet; the oldest was recorded ${minutes} minutes ago`;
}

export function shiftHandlers(
  ctx: Pick<AppContext, 'store' | 'now' | 'settings' | 'printer'>,
  whoIsSelling: () => Promise<PersonDto | null>,
): Pick<BridgeHandlers, ShiftMethods> {
  const { store } = ctx;

  const alertMinutes = (): number => {
    const parsed = unsentAlertSchema.safeParse(Number(store.getSetting(UNSENT_ALERT_KEY) ?? DEFAULT_UNSENT_ALERT_MINUTES));
    return parsed.success ? parsed.data : DEFAULT_UNSENT_ALERT_MINUTES;
  };
  const unsent = (): UnsentSalesDto => {
    const at = ctx.now();
    const minutes = alertMinutes();
    const { count, oldestAt } = store.unsentSales();
    return { count, oldestAt, alertAfterMinutes: minutes, late: count === 0 ? 0 : store.unsentSalesBefore(at - minutes * MINUTE_MS), at };
  };

  const person = async () => {
    const current = await whoIsSelling();
    // While nobody is set up the till works as its owner's, who has no name yet.
    return { id: current?.id ?? null, name: current?.name ?? '' };
  };
  const shiftOrFail = (id: number): ShiftRecord => {
    const shift = store.getShift(id);
    if (!shift) throw new BridgeFailure('NOT_FOUND', `There is no shift ${id}.`);
    return shift;
  };
  const openOrFail = (): ShiftRecord => {
    const shift = store.openShift();
    if (!shift) throw new BridgeFailure('NOT_FOUND', 'No shift is open at this till.', { shiftId: 'no shift is open' });
    return shift;
  };
  /** A closed shift's frozen Z report, or an open one's X report as of now. */
  const reportOf = (shift: ShiftRecord): ShiftReportDto => reportOfShift(store, shift, ctx.now());

  async function paperJob(shiftId: number, paperWidth: PaperWidth | undefined) {
    const shift = shiftOrFail(shiftId);
    const settings = await ctx.settings();
    const kind = shift.closedAt === null ? 'X' : 'Z';
    return {
      paper: 'shift-report' as const, paperWidth: paperWidth ?? settings.paperWidth, printerName: settings.printerName,
      silent: settings.silentPrint, fileName: `turno-${shift.id}-${kind}.pdf`,
    };
  }

  return {
    'shifts.current': async () => {
      const shift = store.openShift();
      return shift ? shiftDto(shift) : null;
    },
    'shifts.open': async ({ openingCash }) => {
      const open = store.openShift();
      if (open) throw new BridgeFailure('INVALID_INPUT', `Shift ${open.id} is already open; close it first.`, { openingCash: 'a shift is already open' });
      const shift = store.startShift({
        tillId: store.tillId(), tillName: store.getSetting(KEYS.tillName)?.trim() || DEFAULT_TILL_NAME,
        openedBy: await person(), openingCash: `${openingCash}.00`,
      });
      return shiftDto(shift);
    },
    'shifts.report': async ({ shiftId }) => reportOf(shiftId === undefined ? openOrFail() : shiftOrFail(shiftId)),
    'shifts.close': async ({ shiftId, count, confirmUnsent }) => {
      const shift = shiftOrFail(shiftId);
      if (shift.closedAt !== null) throw new BridgeFailure('INVALID_INPUT', `Shift ${shiftId} is already closed.`, { shiftId: 'is already closed' });
      const waiting = store.unsentSales();
      if (waiting.count > 0 && confirmUnsent !== true) {
        const question = unsentQuestion(waiting.count, waiting.oldestAt, ctx.now());
        throw new BridgeFailure('INVALID_INPUT', `${question}; confirm to close the shift anyway.`, { confirmUnsent: question });
      }
      const counted = cashCountTotal(count);
      // Every denomination is printed, counted or not.
      const fullCount = fullCashCount(count);
      const closedBy = await person();
      const closed = store.closeShift(shiftId, {
        closedBy, cashCount: fullCount, countedCash: counted,
        report: (open, sales, closedAt) => shiftReport({
          shift: { ...open, closedAt, closedBy: closedBy.name }, sales, takenAt: closedAt, unsent: waiting,
          counted: { count: fullCount, total: counted },
        }),
      });
      return closed.report as ShiftReportDto;
    },
    'shifts.list': async ({ limit, offset }) => {
      const page = store.listShifts(limit, offset ?? 0);
      return { total: page.total, shifts: page.shifts.map(shiftDto) };
    },
    // The same path as receipts: Electron prints (or renders) the window, which is showing the report.
    'shifts.print': async ({ shiftId, paperWidth }) => ctx.printer.print(await paperJob(shiftId, paperWidth)),
    'shifts.pdf': async ({ shiftId, paperWidth }) => ctx.printer.pdf(await paperJob(shiftId, paperWidth)),
    'shifts.unsentAlert': async ({ minutes }) => {
      store.setSetting(UNSENT_ALERT_KEY, String(minutes));
      return unsent();
    },
    'sales.unsent': async () => unsent(),
  };
}
