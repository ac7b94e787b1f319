import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../../renderer/i18n/messages';
import { invoicingRateText, selfConfirmText, shopServerLineText, shopTrafficText } from '../../../renderer/status/shop-server-line';

const es = messagesFor('es-CO');
// 2026-11-25 10:42 in Bogotá (UTC-5).
const AWAY_AT = Date.UTC(2026, 10, 25, 15, 42);

describe('the status bar line for the shop server', () => {
  it('is absent when the till is not paired', () => {
    expect(shopServerLineText(null, es, 'es-CO', AWAY_AT)).toBeNull();
    expect(shopServerLineText(undefined, es, 'es-CO', AWAY_AT)).toBeNull();
  });

  it('says since when the server is unreachable and how many sales wait for it, in Spanish', () => {
    const later = AWAY_AT + 3 * 3_600_000;
    expect(shopServerLineText({ unreachableSince: AWAY_AT, problem: 'NETWORK', salesWaiting: 3, salesUnsendable: 0, feedCursor: 0 }, es, 'es-CO', later))
      .toEqual({ text: 'Servidor de la tienda sin conexión desde las 10:42 · 3 ventas por enviar', away: true });
    expect(shopServerLineText({ unreachableSince: AWAY_AT, problem: 'NETWORK', salesWaiting: 1, salesUnsendable: 0, feedCursor: 0 }, es, 'es-CO', AWAY_AT + 2 * 86_400_000)?.text)
      .toBe('Servidor de la tienda sin conexión desde el 25/11/2026 10:42 · 1 venta por enviar');
    expect(shopServerLineText({ unreachableSince: AWAY_AT, problem: 'CERT_MISMATCH', salesWaiting: 0, salesUnsendable: 0, feedCursor: 0 }, es, "es-CO", later)?.text)
      .toBe('Servidor de la tienda sin conexión desde las 10:42 (certificado distinto del emparejado)');
  });

  it('says what waits while the server answers, and that it is up to date when nothing does', () => {
    expect(shopServerLineText({ unreachableSince: null, problem: null, salesWaiting: 12, salesUnsendable: 0, feedCursor: 0 }, es, 'es-CO', AWAY_AT))
      .toEqual({ text: 'Servidor de la tienda: 12 ventas por enviar', away: false });
    expect(shopServerLineText({ unreachableSince: null, problem: null, salesWaiting: 0, salesUnsendable: 0, feedCursor: 0 }, es, 'es-CO', AWAY_AT)?.text).toBe('Servidor de la tienda: al día');
  });

  it('says how far the first till\'s upload is, with the time left once its pace is known (issue 29)', () => {
    const upload = { jobId: 'shop-upload-1', kind: 'shop.upload' as const, phase: 'sending', unit: 'sales' as const, done: 120_000, total: 200_000,
      startedAt: AWAY_AT, phaseStartedAt: AWAY_AT, at: AWAY_AT + 60_000, state: 'running' as const, cancellable: false };
    const line = { unreachableSince: null, problem: null, salesWaiting: 80_000, salesUnsendable: 0, feedCursor: 0, upload };
    expect(shopServerLineText(line, es, 'es-CO', AWAY_AT + 60_000))
      .toEqual({ text: 'Servidor de la tienda: enviando 120\u00a0000 de 200\u00a0000 ventas · quedan unos 40 s', away: false });
    // Ended: the count waiting again (none).
    expect(shopServerLineText({ ...line, salesWaiting: 0, upload: { ...upload, done: 200_000, state: 'finished' as const } }, es, 'es-CO', AWAY_AT + 120_000)?.text)
      .toBe('Servidor de la tienda: al día');
  });

  it('says how many sales cannot be sent to the server, whatever else it says (issue 25)', () => {
    expect(shopServerLineText({ unreachableSince: null, problem: null, salesWaiting: 0, salesUnsendable: 2, feedCursor: 0 }, es, 'es-CO', AWAY_AT))
      .toEqual({ text: 'Servidor de la tienda: 2 ventas no se pueden enviar al servidor', away: true });
    expect(shopServerLineText({ unreachableSince: null, problem: null, salesWaiting: 3, salesUnsendable: 1, feedCursor: 0 }, es, 'es-CO', AWAY_AT)?.text)
      .toBe('Servidor de la tienda: 3 ventas por enviar · 1 venta no se puede enviar al servidor');
    expect(shopServerLineText({ unreachableSince: AWAY_AT, problem: 'NETWORK', salesWaiting: 0, salesUnsendable: 4, feedCursor: 0 }, es, 'es-CO', AWAY_AT + 60_000)?.text)
      .toBe('Servidor de la tienda sin conexión desde las 10:42 · 4 ventas no se pueden enviar al servidor');
  });

  it('says when a paired till keeps to its own part of the invoicing limit (issue 28), and nothing while the shop\'s budget decides', () => {
    const line = { unreachableSince: AWAY_AT, problem: 'NETWORK', salesWaiting: 0, salesUnsendable: 0, feedCursor: 0 };
    expect(invoicingRateText(line, { from: 'own', sharePercent: 25 }, es))
      .toBe('Facturación: esta caja usa su parte del límite del servicio (25 %) mientras vuelve el servidor');
    expect(invoicingRateText(line, { from: 'shop', activeTills: 4 }, es)).toBeNull();
    expect(invoicingRateText({ ...line, unreachableSince: null }, { from: 'own', sharePercent: 100, reason: 'server-old' }, es))
      .toBe('Facturación: esta caja usa su parte del límite del servicio (100 %): el servidor de la tienda es de una versión que no lo reparte');
    expect(invoicingRateText(null, { from: 'own', sharePercent: 25 }, es)).toBeNull();
  });

  it('says how many of the server\'s changes this till set aside, and where to look (issue 27)', () => {
    expect(shopServerLineText({ unreachableSince: null, problem: null, salesWaiting: 0, salesUnsendable: 0, feedAside: 2, feedCursor: 9 }, es, 'es-CO', AWAY_AT))
      .toEqual({ text: 'Servidor de la tienda: 2 cambios del servidor sin aplicar (vea Ajustes)', away: true });
    expect(shopServerLineText({ unreachableSince: null, problem: null, salesWaiting: 1, salesUnsendable: 1, feedAside: 1, feedCursor: 9 }, es, 'es-CO', AWAY_AT)?.text)
      .toBe('Servidor de la tienda: 1 venta por enviar · 1 venta no se puede enviar al servidor · 1 cambio del servidor sin aplicar (vea Ajustes)');
    expect(shopServerLineText({ unreachableSince: AWAY_AT, problem: 'NETWORK', salesWaiting: 0, salesUnsendable: 0, feedAside: 1, feedCursor: 9 }, es, 'es-CO', AWAY_AT + 60_000)?.text)
      .toBe('Servidor de la tienda sin conexión desde las 10:42 · 1 cambio del servidor sin aplicar (vea Ajustes)');
  });

  it('says why a paired till confirms its own invoices while the server could (issue 28), and nothing otherwise', () => {
    const line = { unreachableSince: null, problem: null, salesWaiting: 0, salesUnsendable: 0, feedCursor: 0 };
    expect(selfConfirmText(line, { by: 'till', reason: 'no_credentials' }, es))
      .toBe('Facturas: las confirma esta caja (el servidor no tiene las credenciales del servicio)');
    expect(selfConfirmText(line, { by: 'till', reason: 'service_refused' }, es)).toBe('Facturas: las confirma esta caja (el servicio rechazó las credenciales del servidor)');
    expect(selfConfirmText(line, { by: 'server' }, es)).toBeNull();
    // The server away has its own line; a till not paired has nothing to say.
    expect(selfConfirmText({ ...line, unreachableSince: AWAY_AT }, { by: 'till', reason: 'server-away' }, es)).toBeNull();
    expect(selfConfirmText(null, { by: 'till', reason: 'unpaired' }, es)).toBeNull();
    expect(selfConfirmText(line, { by: 'till', reason: 'unpaired' }, es)).toBeNull();
  });

  it('says the whole shop nears the service\'s limit at 80 % of it, not before', () => {
    expect(shopTrafficText({ by: 'server', shop: { requestsLastMinute: 250, limit: 297 } }, es)).toBe('Facturación: la tienda usa 250 de 297 solicitudes por minuto al servicio');
    expect(shopTrafficText({ by: 'server', shop: { requestsLastMinute: 200, limit: 297 } }, es)).toBeNull();
    expect(shopTrafficText({ by: 'server' }, es)).toBeNull();
    expect(shopTrafficText({ by: 'till', reason: 'no_credentials', shop: { requestsLastMinute: 0, limit: 0 } }, es)).toBeNull();
  });
});
