let rowBeforePrevious = new Int32Array(64);
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/**
 * Edit distance between text[start, end) and `word` counting an adjacent transposition as one
 * edit (optimal string alignment: "alcie" is one typo from "alice", not two), or max + 1 as soon
 * as it must exceed `max` (every cell of a row is above it). Three module-level rows are reused:
 * it runs once per candidate token of a large graph, so it must not allocate.
 */
export function boundedEditDistance(
  text: string,
  start: number,
  end: number,
  word: string,
  max: number,
): number {
  const columns = word.length + 1;
  if (previousRow.length < columns) {
    rowBeforePrevious = new Int32Array(columns * 2);
    previousRow = new Int32Array(columns * 2);
    currentRow = new Int32Array(columns * 2);
  }
  let twoBack = rowBeforePrevious;
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j < columns; j++) previous[j] = j;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    const previousCode = i > start ? text.charCodeAt(i - 1) : -1;
    current[0] = i - start + 1;
    let rowMin = current[0];
    for (let j = 1; j < columns; j++) {
      const wordCode = word.charCodeAt(j - 1);
      const cost = wordCode === code ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (j > 1 && code === word.charCodeAt(j - 2) && previousCode === wordCode) {
        value = Math.min(value, twoBack[j - 2] + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const oldest = twoBack;
    twoBack = previous;
    previous = current;
    current = oldest;
  }
  return previous[columns - 1];
}
