/** Settings' updates section, by id: the status bar's refused-update notice opens Settings there (kept apart from the
 * lazily loaded Settings screen, like backup-section-id.ts). */
export const UPDATES_SECTION_ID = 'updates-section';
