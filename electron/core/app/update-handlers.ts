/** The refused-update notice's one bridge call: an owner dismisses it (the status snapshot carries it to the screens). */
import type { BridgeHandlers } from '../bridge/dispatch';
import type { UpdateRefusalNotice } from '../updates/update-refusal-notice';

export function updateHandlers(notice: UpdateRefusalNotice): Pick<BridgeHandlers, 'updates.dismiss'> {
  return {
    // Answers with what is still shown: a newer refusal that came meanwhile stays, and a second dismiss is harmless.
    'updates.dismiss': async ({ version }) => {
      notice.dismiss(version);
      return notice.current();
    },
  };
}
