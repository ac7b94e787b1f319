/** The shared dispatch over a partial table (the back-office PC's host answers a few methods of the contract). */
import { describe, expect, it } from 'vitest';
import { dispatchBridgeCall } from '../../../shared/bridge/dispatch-call';

const toError = (error: unknown) => ({ code: 'FORBIDDEN' as const, message: error instanceof Error ? error.message : 'refused' });

describe('dispatchBridgeCall over a partial table', () => {
  const seen: unknown[] = [];
  const handlers = {
    'shop.dayReport': async (input: { date: string }) => { seen.push(input); return { date: input.date } as never; },
    'shop.dashboard': async () => { throw new Error('closed'); },
  };

  it('answers a method of the contract it has no handler for as unknown, and never runs anything for it', async () => {
    expect(await dispatchBridgeCall(handlers, 'sales.charge', {}, { toError })).toEqual({ ok: false, error: { code: 'UNKNOWN_METHOD', message: 'There is no bridge method "sales.charge".' } });
    expect(await dispatchBridgeCall(handlers, 'toString', {}, { toError })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
  });

  it('validates the input with the contract before the handler runs, and maps a throw with the caller\'s rule', async () => {
    expect(await dispatchBridgeCall(handlers, 'shop.dayReport', { date: '2026-13-01' }, { toError })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { date: expect.any(String) } } });
    expect(await dispatchBridgeCall(handlers, 'shop.dayReport', { date: '2026-03-14', extra: 1 }, { toError })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(seen).toEqual([]);
    expect(await dispatchBridgeCall(handlers, 'shop.dayReport', { date: '2026-03-14' }, { toError })).toEqual({ ok: true, value: { date: '2026-03-14' } });
    expect(await dispatchBridgeCall(handlers, 'shop.dashboard', {}, { toError })).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'closed' } });
  });
});
