/**
 * A till as the owner's screens name it (issue 26): by its name, unique in the shop. The number is added only where
 * the name could be taken for another till's: a name that reads «Caja 3» on till n.º 2 says «Caja 3 (n.º 2)».
 */
export function tillLabel(name: string, number: number): string {
  const trimmed = name.trim();
  if (trimmed === '') return `Caja ${number}`;
  const numbers = trimmed.match(/\d+/g) ?? [];
  return numbers.length === 0 || numbers.every((n) => Number(n) === number) ? trimmed : `${trimmed} (n.º ${number})`;
}
