import { describe, expect, it } from 'vitest';
import { SendProgress } from '../../../electron/core/app/sync-status';
import type { SyncSnapshot } from '../../../electron/core/sync/sync-engine';

const snap = (waiting: number, sending: number): SyncSnapshot => ({
  connection: 'online', lastError: null, lastErrorCode: null, lastErrorAt: null,
  counts: { waiting, sending, queued: 0, validated: 0, needs_attention: 0 },
});

describe('send progress ("sending 12 of 40")', () => {
  it('counts a batch from the first waiting sale until nothing is left, then starts over', () => {
    const p = new SendProgress();
    expect(p.update(snap(0, 0))).toEqual({ done: 0, total: 0 });
    expect(p.update(snap(36, 4))).toEqual({ done: 0, total: 40 });
    for (let i = 0; i < 12; i++) p.sent();
    expect(p.update(snap(24, 4))).toEqual({ done: 12, total: 40 });
    // a sale charged mid-batch grows the batch
    expect(p.update(snap(25, 4))).toEqual({ done: 12, total: 41 });
    expect(p.update(snap(0, 0))).toEqual({ done: 0, total: 0 });
    p.sent(); // a late report after the batch ended does not count into the next one
    expect(p.update(snap(1, 0))).toEqual({ done: 0, total: 1 });
  });
});
