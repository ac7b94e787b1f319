/**
 * F12 right after a scan: the renderer's Cobrar (renderer/sale/charge-sale.ts) against the real composed core. The
 * screen's DOM cannot run under vitest, so the page's transport is the core's own dispatcher in-process and the focus
 * calls find no element (stubbed); the scan goes through the same tracker ProductSearch uses.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BridgeTransport } from '../../../shared/bridge/contract';
import { startAppRig, type AppRig } from './app-rig';

const CAFE_BARCODE = '7702001001002';

let rig: AppRig;
beforeAll(async () => {
  rig = await startAppRig();
  const transport = { call: (method: string, input: unknown) => rig.call(method as never, input as never), on: () => () => undefined };
  Object.assign(globalThis, {
    window: { pos: transport as unknown as BridgeTransport },
    document: { getElementById: () => null },
    requestAnimationFrame: () => 0,
  });
});
afterAll(async () => {
  await rig?.close();
});

it('Cobrar pressed while a scanned product is still being looked up charges that product (DOM stubbed, in-process bridge)', async () => {
  const { useApp } = await import('../../../renderer/app/app-store');
  const { useSale } = await import('../../../renderer/sale/sale-store');
  const { chargeSale } = await import('../../../renderer/sale/charge-sale');
  const { trackScan } = await import('../../../renderer/sale/scans-in-flight');
  const { bridge } = await import('../../../renderer/bridge/client');
  useApp.setState({ settings: await rig.value('settings.get', {}), screen: 'sale' });

  // The scanner's Enter starts the look-up; F12 comes before its answer.
  const scanned = trackScan(bridge.call('catalog.byBarcode', { barcode: CAFE_BARCODE }).then((answer) => {
    if (answer.ok && answer.value) useSale.getState().add(answer.value, 'es-CO');
  }));
  await chargeSale();
  await scanned;

  const last = useSale.getState().lastCharge;
  expect(last).not.toBeNull();
  const sale = await rig.value('sales.get', { id: last!.saleId });
  expect(sale?.items.map((i) => i.code)).toEqual(['CAF-500']);
  // Nothing left behind for the next customer.
  expect(useSale.getState().lines).toEqual([]);
});
