/**
 * The server's change signal as a version the views read again on (issue 21): a long-poll through the core
 * (`shop.waitForChange`), answered at once when the version is old, else when a till pushes or after 20 s. A closed
 * session stops it and says so.
 *
 * Issue 26: a poll that finds the server away (the back-office PC's own server stopped or restarting, or a till's
 * server unreachable) says so at once (`lostSince`): the views hide their figures rather than show old ones as
 * current, and the poll asks again every few seconds; once it answers, the version moves so every view reads again.
 */
import { useEffect, useState } from 'react';
import type { BridgeError } from '../../shared/bridge/contract';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { messagesFor } from '../i18n/messages';

const WAIT_SECONDS = 20;
/** After a failure: 1 s, then 2 s, then every 4 s (a long-poll's own wait is the pace while all is well). */
const AFTER_FAILURE_MS = [1_000, 2_000, 4_000];

export interface ChangeSignal {
  version: string;
  /** Since when the server has not answered (ms), or null while it answers. */
  lostSince: number | null;
}

/** The server is away (not a refusal): the back-office PC's service gone, or a till that cannot reach its server. */
export function serverAway(error: Pick<BridgeError, 'code' | 'reason'>): boolean {
  return error.reason === 'CORE_UNREACHABLE' || error.code === 'UNAVAILABLE';
}

export function useChangeSignal(onClosed: (afterLoss: boolean) => void): ChangeSignal {
  const [signal, setSignal] = useState<ChangeSignal>({ version: '', lostSince: null });
  useEffect(() => {
    let live = true;
    let since: string | undefined;
    let failures = 0;
    let lost = false;
    let reconnections = 0;
    const loop = async () => {
      while (live) {
        const answer = await bridge.call('shop.waitForChange', since === undefined || lost ? { wait: 0 } : { since, wait: WAIT_SECONDS });
        if (!live) return;
        if (!answer.ok) {
          if (answer.error.reason === 'BACK_OFFICE_CLOSED') { onClosed(lost); return; }
          // The service answers with another key (its data folder's key was replaced): the address must be given again.
          if (answer.error.reason === 'BRIDGE_KEY_REFUSED') {
            useApp.getState().setFatal(messagesFor(useApp.getState().locale).missingKey);
            return;
          }
          if (serverAway(answer.error) && !lost) {
            lost = true;
            setSignal((s) => ({ ...s, lostSince: Date.now() }));
          }
          failures += 1;
          await new Promise((r) => setTimeout(r, AFTER_FAILURE_MS[Math.min(failures, AFTER_FAILURE_MS.length) - 1]));
          continue;
        }
        failures = 0;
        if (lost) {
          // Back: every view reads again (the version is new even if nothing was pushed meanwhile).
          lost = false;
          reconnections += 1;
          setSignal({ version: `${answer.value.version}#${reconnections}`, lostSince: null });
        } else if (since !== undefined && answer.value.changed) {
          // The first answer is where we start from (the views have just read); later ones are news.
          setSignal({ version: answer.value.version, lostSince: null });
        }
        since = answer.value.version;
      }
    };
    void loop();
    return () => { live = false; };
  }, []);
  return signal;
}
