import { describe, expect, it } from 'vitest';
import { BRIDGE_EVENTS, BRIDGE_METHODS, bridgeContract, type BridgeMethod } from '../../../shared/bridge/contract';
import type { SyncStatusDto } from '../../../shared/bridge/types';
import { CALL_CHANNEL, createPosApi, EVENT_CHANNEL, readBridgeEventMessage, UPLOAD_CHANNEL, type PreloadIpc } from '../../../electron/preload-api';

/** A stand-in for ipcRenderer (the preload's only Electron dependency): records invokes, lets the test emit events. */
function fakeIpcRenderer() {
  const invoked: Array<{ channel: string; message: unknown }> = [];
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  const ipc: PreloadIpc = {
    invoke: async (channel: string, message: unknown) => {
      invoked.push({ channel, message });
      return { ok: true, value: message instanceof ArrayBuffer ? `${message.byteLength} bytes` : `answer to ${(message as { method: string }).method}` };
    },
    listen: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  const emit = (channel: string, message: unknown) => { for (const l of listeners.get(channel) ?? []) l(message); };
  const listening = () => [...listeners.values()].reduce((n, s) => n + s.size, 0);
  return { ipc, invoked, emit, listening };
}

const STATUS: SyncStatusDto = {
  connection: 'online',
  counts: { waiting: 0, sending: 1, queued: 2, validated: 3, needs_attention: 0 },
  progress: { done: 12, total: 40 },
  lastError: null,
  lastErrorCode: null,
  lastErrorAt: null,
  demo: true,
};

describe('window.pos.call', () => {
  it('carries every contract method, and only those, to main on pos:call as { method, input }', async () => {
    expect(BRIDGE_METHODS.length).toBe(Object.keys(bridgeContract).length);
    const { ipc, invoked } = fakeIpcRenderer();
    const pos = createPosApi(ipc);
    for (const method of BRIDGE_METHODS) {
      await expect(pos.call(method, {} as never)).resolves.toEqual({ ok: true, value: `answer to ${method}` });
    }
    expect(invoked).toEqual(BRIDGE_METHODS.map((method) => ({ channel: CALL_CHANNEL, message: { method, input: {} } })));
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty', 'sales.delete', 'secrets.get', 'APP.INFO'])(
    'answers %s with UNKNOWN_METHOD without reaching main', async (method) => {
      const { ipc, invoked } = fakeIpcRenderer();
      const answer = await createPosApi(ipc).call(method as BridgeMethod, {} as never);
      expect(answer).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
      expect(invoked).toEqual([]);
    });

  it('exposes call, upload and on, nothing else', () => {
    expect(Object.keys(createPosApi(fakeIpcRenderer().ipc)).sort()).toEqual(['call', 'on', 'upload']);
  });

  it('sends an upload to main as the file\'s bytes only, on its own channel', async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const pos = createPosApi(ipc);
    const bytes = new TextEncoder().encode('codigo;nombre\n').buffer;
    await expect(pos.upload(bytes)).resolves.toEqual({ ok: true, value: `${bytes.byteLength} bytes` });
    await pos.upload({ size: 3, arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer });
    expect(invoked.map((i) => [i.channel, (i.message as ArrayBuffer).byteLength])).toEqual([[UPLOAD_CHANNEL, bytes.byteLength], [UPLOAD_CHANNEL, 3]]);
  });
});

describe('window.pos.on', () => {
  it('delivers contract events to their listeners with the payload only', () => {
    const { ipc, emit } = fakeIpcRenderer();
    const pos = createPosApi(ipc);
    const statuses: unknown[][] = [];
    const sales: unknown[][] = [];
    pos.on('sync.status', (...args) => statuses.push(args));
    pos.on('sale.updated', (...args) => sales.push(args));
    emit(EVENT_CHANNEL, { event: 'sync.status', payload: STATUS });
    expect(statuses).toEqual([[STATUS]]);
    expect(sales).toEqual([]);
  });

  it('drops messages that are not contract events', () => {
    const { ipc, emit } = fakeIpcRenderer();
    const seen: unknown[] = [];
    createPosApi(ipc).on('sync.status', (payload) => seen.push(payload));
    emit(EVENT_CHANNEL, { event: 'secrets.leaked', payload: 'x' });
    emit(EVENT_CHANNEL, null);
    emit(EVENT_CHANNEL, 'sync.status');
    expect(seen).toEqual([]);
  });

  it('refuses to subscribe to a name outside the contract', () => {
    const pos = createPosApi(fakeIpcRenderer().ipc);
    expect(() => pos.on('secrets.leaked' as 'sync.status', () => {})).toThrow(TypeError);
    expect(() => pos.on('sync.status', 'not a function' as never)).toThrow(TypeError);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const { ipc, emit } = fakeIpcRenderer();
    const pos = createPosApi(ipc);
    const seen: unknown[] = [];
    pos.on('sync.status', () => { throw new Error('a broken screen'); });
    pos.on('sync.status', (payload) => seen.push(payload));
    emit(EVENT_CHANNEL, { event: 'sync.status', payload: STATUS });
    expect(seen).toEqual([STATUS]);
  });

  it('listens on pos:event once, and stops when the last listener unsubscribes', () => {
    const { ipc, emit, listening } = fakeIpcRenderer();
    const pos = createPosApi(ipc);
    const seen: unknown[] = [];
    const offA = pos.on('sync.status', (payload) => seen.push(['a', payload]));
    const offB = pos.on('sale.updated', (payload) => seen.push(['b', payload]));
    expect(listening()).toBe(1);
    offA();
    emit(EVENT_CHANNEL, { event: 'sync.status', payload: STATUS });
    expect(seen).toEqual([]);
    expect(listening()).toBe(1);
    offB();
    expect(listening()).toBe(0);
    pos.on('sync.status', (payload) => seen.push(['c', payload]));
    emit(EVENT_CHANNEL, { event: 'sync.status', payload: STATUS });
    expect(seen).toEqual([['c', STATUS]]);
  });
});

describe('readBridgeEventMessage', () => {
  it('accepts exactly the contract events', () => {
    for (const event of BRIDGE_EVENTS) expect(readBridgeEventMessage({ event, payload: 1 })).toEqual({ event, payload: 1 });
    expect(readBridgeEventMessage({ event: 'toString', payload: 1 })).toBeNull();
  });
});
