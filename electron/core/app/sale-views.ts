/** The store's sales as the renderer sees them: plain DTOs without outbox internals (request bodies, raw replies). */
import type { SaleDetailDto, SaleSummaryDto } from '../../../shared/bridge/types';
import type { Attempt } from '../store/outbox';
import type { Reprint } from '../store/reprints';
import type { Sale, SaleSummary } from '../store/sales';

export function saleSummaryDto(s: SaleSummary): SaleSummaryDto {
  return {
    id: s.id, referenceCode: s.referenceCode, shortNumber: s.shortNumber, createdAt: s.createdAt, customerName: s.customerName,
    customerIdentification: s.customerIdentification, payable: s.payable, state: s.state, fullNumber: s.fullNumber,
    remoteStatus: s.remoteStatus, tillId: s.tillId, tillName: s.tillName, cashierName: s.cashierName, paymentMeans: s.paymentMeans,
    closed: s.closed, replacedBy: s.replacedBy,
  };
}

/** The detail view: with its attempts and reprints when the caller read them (History), without for a quick answer. */
export function saleDetailDto(sale: Sale, log: { attempts?: Attempt[]; reprints?: Reprint[] } = {}): SaleDetailDto {
  const o = sale.outbox;
  return {
    id: sale.id, referenceCode: sale.referenceCode, shortNumber: sale.shortNumber, createdAt: sale.createdAt, customerName: sale.customer.name,
    customerIdentification: sale.customer.identification, payable: sale.payable, state: o.state,
    fullNumber: o.fullNumber, remoteStatus: o.remoteStatus, tillId: sale.tillId, tillName: sale.tillName, cashierName: sale.cashierName,
    customer: sale.customer, items: sale.items, payment: sale.payment, totals: sale.totals,
    cufe: o.cufe, qrUrl: o.qrUrl, lastError: o.lastError, attempts: o.attempts, validatedAt: o.validatedAt,
    paymentMeans: sale.payment.means_code, cash: sale.cash, closed: sale.closed, replacedBy: sale.replacedBy,
    ...(log.attempts ? {
      attemptLog: log.attempts.map((a) => ({ startedAt: a.startedAt, finishedAt: a.finishedAt, outcome: a.outcome, httpStatus: a.httpStatus, message: a.message })),
    } : {}),
    ...(log.reprints ? { reprints: log.reprints.map((r) => ({ copyNumber: r.copyNumber, at: r.at, fiscal: r.fiscal })) } : {}),
  };
}
