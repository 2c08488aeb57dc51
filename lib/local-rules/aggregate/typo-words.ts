import { nameForms } from "./english-forms";
import type { QueryCatalogue } from "./query-catalogue";

// The aggregate vocabulary a typing slip most often hits ("avrage", "totla", "hihgest").
const aggregateWords = [
  "average",
  "maximum",
  "minimum",
  "highest",
  "lowest",
  "largest",
  "smallest",
  "biggest",
  "greatest",
  "fewest",
  "total",
  "count",
  "number",
  "combined",
  "altogether",
  "which",
];

/**
 * One slip apart: a letter left out, doubled or added, two neighbours swapped; a wrong letter
 * only in long words, where it cannot turn one short word into another (`older` / `order`).
 */
function oneSlipApart(word: string, known: string): boolean {
  if (word === known) return false;
  const [a, b] = [word, known];
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length !== b.length) {
    const [short, long] = a.length < b.length ? [a, b] : [b, a];
    let at = 0;
    while (at < short.length && short[at] === long[at]) at++;
    return short.slice(at) === long.slice(at + 1);
  }
  const differ: number[] = [];
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) differ.push(at);
  if (differ.length === 1) return a.length >= 7;
  return (
    differ.length === 2 &&
    differ[1] === differ[0] + 1 &&
    a[differ[0]] === b[differ[1]] &&
    a[differ[1]] === b[differ[0]]
  );
}

/**
 * The question with each lowercase word of five letters or more that is one slip away from
 * exactly one word of the aggregate vocabulary or the schema's type and property names replaced
 * by that word. Capitalised words may be names and are left alone.
 */
export function correctTypos(input: { question: string; catalogue: QueryCatalogue }): string {
  const vocabulary = new Set(aggregateWords);
  for (const table of input.catalogue.tables) {
    if (table.type === "default" || table.type.includes(".")) continue;
    for (const form of nameForms(table.type)) vocabulary.add(form);
    for (const column of table.columns)
      for (const form of nameForms(column.property)) vocabulary.add(form);
  }
  const known = [...vocabulary].filter((word) => /^[a-z]{5,}$/.test(word));
  return input.question.replace(/(?<![A-Za-z0-9_])[a-z]{5,}(?![A-Za-z0-9_])/g, (word) => {
    if (vocabulary.has(word)) return word;
    const near = known.filter((candidate) => oneSlipApart(word, candidate));
    return near.length === 1 ? near[0] : word;
  });
}
