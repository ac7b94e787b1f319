/** English words for updates (typed against the Spanish ones). */
import type { esUpdateLine } from './es-update-line';
import type { esUpdates } from './es-updates';

export const enUpdates: typeof esUpdates & typeof esUpdateLine = {
  updatesTitle: 'Updates',
  updatesIntro: (version: string) => `This is version ${version}. Mostrador installs only updates signed by Mostrador, and only when it closes with every sale sent and no shift open.`,
  updatesNothing: 'No update notices.',
  updateRefusedShort: (version: string) => `Update ${version} refused`,
  updateRefused: (why: string) => `Update refused: ${why}.`,
  updateRefusedWhen: (version: string, when: string) => `Version ${version}, refused on ${when}. Nothing was installed; Mostrador keeps running the current version.`,
  updateRefusedAdvice: 'Tell whoever installed Mostrador: someone may have changed the update folder. The notice goes away by itself when a good update arrives.',
  updateRefusalReasons: {
    unsigned: 'the update carries no signature',
    'malformed signature': 'its signature file is not a valid signature',
    'wrong signature': 'the signature does not match the file and Mostrador\'s key (the file was modified or someone else signed it)',
    'signature unreachable': 'its signature could not be downloaded',
    'update unreadable': 'the downloaded file could not be read',
    'no update folder': 'this installation has no secure (HTTPS) update folder',
  },
  updateDismiss: 'Dismiss notice',
  updateDismissed: 'Notice dismissed.',
};
