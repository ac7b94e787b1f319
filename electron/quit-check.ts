/**
 * Quitting Mostrador with sales the service has not confirmed asks first, and says how many and how old the oldest
 * is (they are safe on disk and go out at the next start, but the cashier may prefer to wait for the network).
 * Pure: main.ts reads the core's `sales.unsent` and shows this in a dialog.
 */
import type { Locale, UnsentSalesDto } from '../shared/bridge/types';

export interface QuitQuestion {
  message: string;
  detail: string;
  /** Button labels: [quit anyway, stay]. */
  buttons: [string, string];
}

/** "95 minutos", "2 h 5 min", "3 días": how long the oldest sale has waited. */
export function waitedFor(ms: number, locale: Locale): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const es = locale === 'es-CO';
  if (minutes < 60) return es ? `${minutes} min` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return es ? `${days} días` : `${days} days`;
}

/** The question to ask before quitting, or null when nothing is waiting. */
export function quitQuestion(unsent: UnsentSalesDto, locale: Locale): QuitQuestion | null {
  if (unsent.count <= 0) return null;
  const age = waitedFor(unsent.at - (unsent.oldestAt ?? unsent.at), locale);
  if (locale === 'en') {
    return {
      message: `${unsent.count} ${unsent.count === 1 ? 'sale has' : 'sales have'} not been sent to the DIAN yet.`,
      detail: `The oldest has waited ${age}. They are saved and will be sent the next time Mostrador opens with a connection. Close anyway?`,
      buttons: ['Close anyway', 'Keep Mostrador open'],
    };
  }
  return {
    message: unsent.count === 1 ? 'Hay 1 venta sin enviar a la DIAN.' : `Hay ${unsent.count} ventas sin enviar a la DIAN.`,
    detail: `La más antigua lleva ${age} esperando. Están guardadas y se enviarán la próxima vez que Mostrador abra con conexión. ¿Cerrar de todas formas?`,
    buttons: ['Cerrar de todas formas', 'Seguir abierto'],
  };
}
