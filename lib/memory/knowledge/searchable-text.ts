// PostgreSQL's parser keeps a run of Chinese characters as one token, so "报告先写结论" would
// only match itself. Appending overlapping character pairs (bigrams) makes Chinese text
// searchable by any two-character word in it; English keeps the `english` configuration's
// stemming. Used for both the stored vector and the query, so the two always agree.
const cjkRun = /[\u3400-\u9fff\uf900-\ufaff]+/g;

/** The text to build a full-text vector or query from: the text plus CJK bigrams. */
export function searchableText(input: { text: string }): string {
  const bigrams: string[] = [];
  for (const run of input.text.match(cjkRun) ?? []) {
    const characters = [...run];
    if (characters.length === 1) bigrams.push(run);
    for (let i = 0; i + 1 < characters.length; i++) bigrams.push(characters[i] + characters[i + 1]);
  }
  return bigrams.length > 0 ? `${input.text} ${bigrams.join(" ")}` : input.text;
}
