/**
 * The server's change signal as a version the views read again on (issue 21): a long-poll through the core
 * (`shop.waitForChange`), answered at once when the version is old, else when a till pushes or after 20 s. A failed
 * poll waits a little before the next one; a closed session stops it and says so.
 */
import { useEffect, useState } from 'react';
import { bridge } from '../bridge/client';

const WAIT_SECONDS = 20;
const AFTER_FAILURE_MS = 5_000;

export function useChangeSignal(onClosed: () => void): string {
  const [version, setVersion] = useState('');
  useEffect(() => {
    let live = true;
    let since: string | undefined;
    const loop = async () => {
      while (live) {
        const answer = await bridge.call('shop.waitForChange', since === undefined ? { wait: 0 } : { since, wait: WAIT_SECONDS });
        if (!live) return;
        if (!answer.ok) {
          if (answer.error.reason === 'BACK_OFFICE_CLOSED') { onClosed(); return; }
          await new Promise((r) => setTimeout(r, AFTER_FAILURE_MS));
          continue;
        }
        // The first answer is where we start from (the views have just read); later ones are news.
        if (since !== undefined && answer.value.changed) setVersion(answer.value.version);
        since = answer.value.version;
      }
    };
    void loop();
    return () => { live = false; };
  }, []);
  return version;
}
