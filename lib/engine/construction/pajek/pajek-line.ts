import type { PropertyValue } from "../../graph/graph-data";

/** The words of one Pajek line: "quoted strings" (quotes removed) and bare words. */
export function pajekWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2]);
  return words;
}

/** A Pajek value: a number when it reads as one, else text. */
export function pajekValue(word: string): PropertyValue {
  const number = Number(word);
  return word.trim() !== "" && Number.isFinite(number) ? number : word;
}

/** `key value` pairs after the fixed fields (`l "label" c Blue w 2`) as attributes. */
export function pajekPairs(words: string[], into: Map<string, PropertyValue>): void {
  for (let index = 0; index + 1 < words.length; index += 2) {
    into.set(words[index], pajekValue(words[index + 1]));
  }
}
