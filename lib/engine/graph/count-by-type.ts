/** Counts per type name from an interned index column (types with no entries left out). */
export function countByType({
  index,
  names,
}: {
  index: Uint16Array;
  names: string[];
}): Record<string, number> {
  const counts = new Array<number>(names.length).fill(0);
  for (let i = 0; i < index.length; i++) counts[index[i]]++;
  const entries: [string, number][] = names.map((name, i) => [name, counts[i]]);
  return Object.fromEntries(entries.filter(([, count]) => count > 0));
}
