import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { IpcMain } from 'electron';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';
import type { AppInfoDto, SaleEventDto } from '../../../shared/bridge/types';
import { dispatch, type BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import { answerBridgeCall, isTrustedSender, registerBridgeIpc, sendBridgeEvent, type BridgeDispatch } from '../../../electron/ipc';

const APP_URL = pathToFileURL('/opt/Mostrador/resources/app.asar/dist/renderer/index.html').href;
const APP_PAGE = { url: `${APP_URL}#/sale`, topFrame: true };
const INFO: AppInfoDto = { version: '0.1.0', shell: 'electron', mode: 'till', demo: true, locale: 'es-CO', tillId: 'CAJA-1', softwareName: 'Mostrador POS' };

/** Real core dispatch over handlers that answer app.info and record what reached them. */
function core() {
  const reached: Array<{ method: string; input: unknown }> = [];
  const handlers = Object.fromEntries(BRIDGE_METHODS.map((method) => [method, async (input: unknown) => {
    reached.push({ method, input });
    if (method === 'app.info') return INFO;
    if (method === 'sales.get') return null;
    throw new Error(`${method} is not part of this test`);
  }])) as unknown as BridgeHandlers;
  const bound: BridgeDispatch = (method, input) => dispatch(handlers, method, input);
  return { reached, dispatch: bound };
}

describe('isTrustedSender', () => {
  it('trusts the app page only', () => {
    expect(isTrustedSender(APP_URL, APP_URL)).toBe(true);
    expect(isTrustedSender(`${APP_URL}#/history`, APP_URL)).toBe(true);
    expect(isTrustedSender('https://example.com/', APP_URL)).toBe(false);
    expect(isTrustedSender('about:blank', APP_URL)).toBe(false);
    expect(isTrustedSender(pathToFileURL('/tmp/downloaded.html').href, APP_URL)).toBe(false);
    expect(isTrustedSender(null, APP_URL)).toBe(false);
    expect(isTrustedSender(undefined, APP_URL)).toBe(false);
  });
});

describe('answerBridgeCall (with the real core dispatch)', () => {
  it('answers the app page with the handler result in an envelope', async () => {
    const { reached, dispatch } = core();
    const answer = await answerBridgeCall(APP_PAGE, { method: 'app.info', input: {} }, dispatch, APP_URL);
    expect(answer).toEqual({ ok: true, value: INFO });
    expect(reached).toEqual([{ method: 'app.info', input: {} }]);
  });

  it.each([
    ['another page', { url: 'https://example.com/', topFrame: true }],
    ['a frame inside the app page', { url: APP_URL, topFrame: false }],
    ['a frame that is gone', { url: null, topFrame: false }],
  ])('refuses %s with FORBIDDEN before anything reaches the core', async (_what, sender) => {
    const { reached, dispatch } = core();
    const answer = await answerBridgeCall(sender, { method: 'app.info', input: {} }, dispatch, APP_URL);
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(reached).toEqual([]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'sales.delete', '', 42])('refuses the method %s as UNKNOWN_METHOD', async (method) => {
    const { reached, dispatch } = core();
    const answer = await answerBridgeCall(APP_PAGE, { method, input: {} }, dispatch, APP_URL);
    expect(answer).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(reached).toEqual([]);
  });

  it.each([null, 'app.info', ['app.info', {}]])('refuses a message that is not { method, input }: %j', async (message) => {
    const { reached, dispatch } = core();
    const answer = await answerBridgeCall(APP_PAGE, message, dispatch, APP_URL);
    expect(answer).toMatchObject({ ok: false, error: { code: expect.stringMatching(/INVALID_INPUT|UNKNOWN_METHOD/) } });
    expect(reached).toEqual([]);
  });

  it('refuses invalid inputs with per-field messages, and the handler never sees them', async () => {
    const { reached, dispatch } = core();
    const answer = await answerBridgeCall(APP_PAGE, { method: 'sales.get', input: { id: -3, extra: true } }, dispatch, APP_URL);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('INVALID_INPUT');
    expect(Object.keys(answer.error.fields ?? {}).sort()).toEqual(['', 'id']);
    expect(reached).toEqual([]);
  });

  it('turns a dispatch that throws anyway into an INTERNAL envelope', async () => {
    const throwing: BridgeDispatch = async () => { throw new Error('/home/cajero/.config/secret path'); };
    const answer = await answerBridgeCall(APP_PAGE, { method: 'app.info', input: {} }, throwing, APP_URL);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(answer)).not.toContain('/home/cajero');
  });
});

/** A stand-in for Electron's ipcMain (the binary is not installed): keeps the registered handlers. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const ipcMain = {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => { handlers.delete(channel); },
  } as unknown as Pick<IpcMain, 'handle' | 'removeHandler'>;
  return { ipcMain, handlers };
}

describe('registerBridgeIpc (with a stand-in ipcMain)', () => {
  it('registers one pos:call handler that reads the sender frame, and removes it', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const { dispatch } = core();
    const unregister = registerBridgeIpc(ipcMain, dispatch, APP_URL);
    expect([...handlers.keys()]).toEqual(['pos:call']);
    const handler = handlers.get('pos:call')!;

    const top = { senderFrame: { url: APP_URL, parent: null } };
    await expect(handler(top, { method: 'app.info', input: {} })).resolves.toEqual({ ok: true, value: INFO });

    const framed = { senderFrame: { url: APP_URL, parent: { url: APP_URL } } };
    await expect(handler(framed, { method: 'app.info', input: {} })).resolves.toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    const foreign = { senderFrame: { url: 'https://example.com/', parent: null } };
    await expect(handler(foreign, { method: 'app.info', input: {} })).resolves.toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    const destroyed = { senderFrame: null };
    await expect(handler(destroyed, { method: 'app.info', input: {} })).resolves.toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    unregister();
    expect(handlers.size).toBe(0);
  });
});

describe('sendBridgeEvent', () => {
  const sale: SaleEventDto = { entryId: 7, referenceCode: 'CAJA-1-000007', state: 'validated' };

  it('sends contract events on pos:event as { event, payload }', () => {
    const sent: unknown[][] = [];
    const target = { isDestroyed: () => false, send: (...args: unknown[]) => { sent.push(args); } };
    expect(sendBridgeEvent(target, { event: 'sale.updated', payload: sale })).toBe(true);
    expect(sent).toEqual([['pos:event', { event: 'sale.updated', payload: sale }]]);
  });

  it('sends nothing to a closed window or for a name outside the contract', () => {
    const sent: unknown[][] = [];
    const open = { isDestroyed: () => false, send: (...args: unknown[]) => { sent.push(args); } };
    const closed = { isDestroyed: () => true, send: (...args: unknown[]) => { sent.push(args); } };
    expect(sendBridgeEvent(closed, { event: 'sale.updated', payload: sale })).toBe(false);
    expect(sendBridgeEvent(open, { event: 'secrets.leaked' as 'sale.updated', payload: sale })).toBe(false);
    expect(sent).toEqual([]);
  });
});
