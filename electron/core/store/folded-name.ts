/** A name as the directory searches it: lower case, without accents or extra spaces ("José  Peña" → "jose pena"). */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
