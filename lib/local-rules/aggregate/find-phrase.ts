const wordCharacter = /[A-Za-z0-9_]/;

/**
 * Where a phrase occurs in a text as whole words: a Latin phrase must not touch a letter or
 * digit on either side (`order` is not in `ordered`, `c3` not in `c31`); Chinese characters
 * need no spaces, so a phrase next to one is whole.
 */
export function findPhrase(input: {
  text: string;
  phrase: string;
  caseSensitive?: boolean;
}): { start: number; end: number }[] {
  const haystack = input.caseSensitive ? input.text : input.text.toLowerCase();
  const needle = input.caseSensitive ? input.phrase : input.phrase.toLowerCase();
  if (needle.length === 0) return [];
  const found: { start: number; end: number }[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const before = at > 0 ? haystack[at - 1] : "";
    const after = end < haystack.length ? haystack[end] : "";
    const startsWord = wordCharacter.test(needle[0]);
    const endsWord = wordCharacter.test(needle[needle.length - 1]);
    if (startsWord && before && wordCharacter.test(before)) continue;
    if (endsWord && after && wordCharacter.test(after)) continue;
    found.push({ start: at, end });
  }
  return found;
}

/** Every match of a global regular expression with its span. */
export function findPattern(
  text: string,
  pattern: RegExp,
): { start: number; end: number; match: RegExpExecArray }[] {
  const found: { start: number; end: number; match: RegExpExecArray }[] = [];
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
  );
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    found.push({ start: match.index, end: match.index + match[0].length, match });
    if (match[0].length === 0) global.lastIndex++;
  }
  return found;
}
