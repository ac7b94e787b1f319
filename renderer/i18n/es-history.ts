/** Spanish texts of History at scale (issue 10): date and other filters, the list's keys, the detail, reprints. */
import type { DatePreset } from '../history/date-range';

export const esHistory = {
  historyDate: 'Fecha',
  historyDatePresets: { all: 'Todas las fechas', today: 'Hoy', yesterday: 'Ayer', week: 'Esta semana', custom: 'Entre fechas' } as Record<DatePreset, string>,
  historyDateFrom: 'Desde',
  /** The date column's header once only the time is left in it (a narrow list). */
  historyTime: 'Hora',
  historyDateTo: 'Hasta',
  historyCashier: 'Vendió',
  historyAllCashiers: 'Todas las personas',
  historyPaymentMeans: 'Medio de pago',
  historyAllMeans: 'Todos los medios',
  historySearchHelp: 'Número de venta o factura, referencia, cliente o NIT, o los primeros caracteres del CUFE.',
  salesCountCapped: (shown: number, total: number) => `${shown} de más de ${total.toLocaleString('es-CO')} ventas; afine la búsqueda para ver menos`,
  historyListKeys: 'Lista de ventas: ↑ ↓ Re Pág Av Pág para moverse, Enter para ver el detalle',
  historyLines: 'Productos',
  historyPayment: 'Pago',
  historyTill: 'Caja',
  historyCashierName: 'Vendió',
  saleVoided: 'Anulada',
  saleReplaced: 'Reemplazada',
  saleReplacedBy: (number: string) => `Reemplazada por ${number}`,
  historyNobody: '—',
  historyAttempts: 'Envíos al servicio',
  historyNoAttempts: 'Todavía no se ha enviado.',
  historyAttemptOutcomes: {
    queued: 'Recibida por el servicio', validated: 'Validada', transient: 'Falló; se volverá a intentar',
    permanent: 'Rechazada por el servicio', ambiguous: 'Sin respuesta clara; se reenvía con los mismos datos',
  } as Record<string, string>,
  historyReprints: 'Reimpresiones',
  historyNoReprints: 'Ninguna.',
  historyReprintItem: (n: number, when: string) => `Copia ${n} · ${when}`,
  reprintCopy: 'Reimprimir copia',
  reprintDone: (n: number) => `Copia ${n} registrada; imprímala o guárdela en PDF.`,
  copyMark: (n: number, when: string) => `COPIA N.º ${n} · ${when}`,
  /** A copy no till counted (the back-office PC's). */
  copyMarkUncounted: (when: string) => `COPIA · ${when}`,
};
