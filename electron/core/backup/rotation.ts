/**
 * Which of the till's copies to keep: the shared rule (shared/backup-rotation.ts, the shop server's too) applied to
 * the copies' names. Anything in the folder that is not a good copy's name is not ours and is left out.
 */
import { DEFAULT_ROTATION, planCopyRotation, type RotationPolicy } from '../../../shared/backup-rotation';
import { parseCopyName, type CopyName } from './backup-names';

export { DEFAULT_ROTATION, isoWeek, type RotationPolicy } from '../../../shared/backup-rotation';

/** Splits a folder's file names into good copies to keep and to delete; anything else is not ours and is left out. */
export function planRotation(fileNames: readonly string[], policy: RotationPolicy = DEFAULT_ROTATION): { keep: string[]; remove: string[] } {
  return planCopyRotation(fileNames.map(parseCopyName).filter((c): c is CopyName => c !== null), policy);
}
