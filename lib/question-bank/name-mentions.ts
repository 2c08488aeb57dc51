import { isWordCharacter } from "@/lib/text/text-characters";

/**
 * Where `name` is first named in `text` (-1 if never): case-insensitive and not inside a longer
 * id or word — `Customer 1` is not in `Customer 12`, `orders:1` not in `orders:12`, `n3` not in
 * `n33` — while punctuation, spaces, Markdown and Chinese characters end a name (`n33的`).
 */
export function findNameIndex(input: { text: string; name: string }): number {
  const text = input.text.toLowerCase();
  const name = input.name.trim().toLowerCase();
  if (name === "") return -1;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (hasBoundaries({ text, start: at, end: at + name.length })) return at;
  }
  return -1;
}

/** The first index at which any of `names` (an id and its aliases) is named, or -1. */
export function findFirstMention(input: { text: string; names: readonly string[] }): number {
  let first = -1;
  for (const name of input.names) {
    const at = findNameIndex({ text: input.text, name });
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}

/** Whether any of `names` is named in `text`. */
export function mentionsAny(input: { text: string; names: readonly string[] }): boolean {
  return findFirstMention(input) >= 0;
}

function hasBoundaries(input: { text: string; start: number; end: number }): boolean {
  const { text, start, end } = input;
  const first = text[start];
  const last = text[end - 1];
  const before = text[start - 1];
  const after = text[end];
  // Only a name that begins (ends) with a word character can run on into a longer id.
  if (isWordCharacter(first) && (isWordCharacter(before) || before === ":")) return false;
  if (isWordCharacter(last)) {
    if (isWordCharacter(after)) return false;
    // "orders:1" in "orders:1:2", "n3" in "n3.5": the id goes on after the separator.
    if ((after === ":" || after === ".") && isWordCharacter(text[end + 1])) return false;
  }
  return true;
}
