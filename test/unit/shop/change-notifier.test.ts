/** The server's wake-ups (server/http/change-notifier.ts): who is woken, and a change between a read and a wait. */
import { describe, expect, it } from 'vitest';
import { ChangeNotifier } from '../../../server/http/change-notifier';

describe('ChangeNotifier', () => {
  it('a change after the mark and before the wait is not slept through: the wait returns without parking', async () => {
    const notifier = new ChangeNotifier();
    const mark = notifier.mark();
    notifier.changed(); // committed while the waiter was reading the feed
    const waited = notifier.wait(60_000, undefined, mark);
    expect(notifier.waiting).toBe(0);
    await waited;
  });

  it('changed() wakes every waiter here and tells the other processes once; wakeLocal() only wakes', async () => {
    let published = 0;
    const notifier = new ChangeNotifier(() => { published += 1; });
    const waits = [notifier.wait(60_000, undefined, notifier.mark()), notifier.wait(60_000)];
    expect(notifier.waiting).toBe(2);
    notifier.changed();
    await Promise.all(waits);
    expect(published).toBe(1);
    const again = notifier.wait(60_000);
    notifier.wakeLocal(); // a notification from another process
    await again;
    expect(published).toBe(1);
    expect(notifier.waiting).toBe(0);
  });

  it('a till that hangs up stops waiting and is not woken later', async () => {
    const notifier = new ChangeNotifier();
    const hangUp = new AbortController();
    const waited = notifier.wait(60_000, hangUp.signal);
    hangUp.abort();
    await waited;
    expect(notifier.waiting).toBe(0);
  });
});
