/**
 * A settings form keeps what the person typed while the settings change under it (a connection switch, another
 * section saved): fields they edited keep their edit, the others take the fresh value. Pure.
 */
export function rebaseDraft<T extends object>(draft: T, base: T, fresh: T): T {
  const next = { ...fresh };
  for (const key of Object.keys(draft) as Array<keyof T>) {
    if (!Object.is(draft[key], base[key])) next[key] = draft[key];
  }
  return next;
}
