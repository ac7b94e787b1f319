/** Settings' backup section, by id: the status bar's backup warning opens Settings there (a tiny module so the
 * status bar, which loads with the counter, does not pull the lazily loaded Settings screen in). */
export const BACKUP_SECTION_ID = 'backup-section';
