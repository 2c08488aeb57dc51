import { characterMasks } from "./character-masks";
import { boundedEditDistance } from "./edit-distance";

/**
 * Scoring of one lower-cased text against a prepared query, in tiers:
 * exact (0.9) > prefix (0.7–0.8) > substring (0.5–0.65) > token / fuzzy (0.2–0.4) > none (0).
 * Works on char codes with reused buffers: searches run over every node of large graphs, so
 * no regex, no per-call tokenisation into new strings and no allocation in the hot path.
 */

/** A query normalised once per search. */
export type PreparedQuery = {
  /** Trimmed, lower-cased, inner whitespace collapsed. */
  text: string;
  /** Alphanumeric tokens of `text`. */
  tokens: string[];
  /** Per token, its character masks (see character-masks.ts). */
  tokenMasks: number[];
  tokenRepeatMasks: number[];
  /** Per token, how many typos a match may have. */
  tokenMaxEdits: number[];
};

export const exactScore = 0.9;

/** Normalises a search query; null when nothing searchable is left. */
export function prepareQuery({ query }: { query: string }): PreparedQuery | null {
  const text = query.trim().toLowerCase().replace(/\s+/g, " ");
  if (text === "") return null;
  const tokens: string[] = [];
  forEachToken(text, (start, end) => {
    tokens.push(text.slice(start, end));
  });
  const masks = tokens.map((token) => characterMasks({ text: token }));
  return {
    text,
    tokens,
    tokenMasks: masks.map((mask) => mask.once),
    tokenRepeatMasks: masks.map((mask) => mask.twice),
    tokenMaxEdits: tokens.map((token) => allowedEdits(token.length)),
  };
}

/**
 * Score of `text` (already lower-cased) for the query; 0 when it does not match. With the
 * text's character masks (cached per graph), texts that cannot match any query token skip the
 * token scan, which is most of the cost of a search.
 */
export function scoreText({
  text,
  query,
  once,
  twice,
}: {
  text: string;
  query: PreparedQuery;
  once?: number;
  twice?: number;
}): number {
  const q = query.text;
  if (text.length === 0) return 0;
  if (text === q) return exactScore;
  // Closer lengths rank higher inside a tier: "acme" beats "acme holdings" for "acme".
  const coverage = q.length / Math.max(text.length, q.length);
  const at = text.indexOf(q);
  if (at === 0) return 0.7 + 0.1 * coverage;
  if (at > 0) {
    const wordStart = !isWordChar(text.charCodeAt(at - 1));
    return (wordStart ? 0.6 : 0.5) + 0.05 * coverage;
  }
  if (once !== undefined && twice !== undefined && !tokensMayMatch(query, once, twice)) return 0;
  return tokenScore(text, query);
}

function tokensMayMatch(query: PreparedQuery, once: number, twice: number): boolean {
  const { tokenMasks, tokenRepeatMasks, tokenMaxEdits } = query;
  for (let t = 0; t < tokenMasks.length; t++) {
    const missing = missingCharacters(tokenMasks[t], tokenRepeatMasks[t], once, twice);
    if (missing > tokenMaxEdits[t]) return false;
  }
  return true;
}

/**
 * Every query token must match some token of the text exactly, by prefix or within a small
 * edit distance; the score is 0.2 + 0.2 × the mean token quality. Catches reordered words
 * ("smith alice" → "Alice Smith") and typos ("alcie" → "alice").
 */
function tokenScore(text: string, query: PreparedQuery): number {
  const { tokens, tokenMasks, tokenRepeatMasks, tokenMaxEdits } = query;
  if (tokens.length === 0) return 0;
  let total = 0;
  for (let t = 0; t < tokens.length; t++) {
    const best = bestTokenMatch(
      text,
      tokens[t],
      tokenMasks[t],
      tokenRepeatMasks[t],
      tokenMaxEdits[t],
    );
    if (best === 0) return 0;
    total += best;
  }
  return 0.2 + (0.2 * total) / tokens.length;
}

function bestTokenMatch(
  text: string,
  token: string,
  once: number,
  twice: number,
  maxEdits: number,
): number {
  let best = 0;
  let start = -1;
  let seenOnce = 0;
  let seenTwice = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (isWordChar(code)) {
      if (start < 0) start = i;
      const bit = 1 << (code & 31);
      seenTwice |= seenOnce & bit;
      seenOnce |= bit;
      continue;
    }
    if (start < 0) continue;
    // Each occurrence of a query character the text token lacks costs at least one edit (an
    // edit adds at most one character), so such tokens skip the quadratic edit distance.
    const missing = missingCharacters(once, twice, seenOnce, seenTwice);
    const quality = missing > maxEdits ? 0 : tokenQuality(text, start, i, token, maxEdits);
    start = -1;
    seenOnce = 0;
    seenTwice = 0;
    if (quality > best) {
      best = quality;
      if (best === 1) return 1;
    }
  }
  return best;
}

/** 1 exact, 0.8 prefix, 0.6 / 0.45 for one / two edits, 0 otherwise. */
function tokenQuality(
  text: string,
  start: number,
  end: number,
  token: string,
  maxEdits: number,
): number {
  const length = end - start;
  if (length >= token.length && text.startsWith(token, start)) {
    return length === token.length ? 1 : 0.8;
  }
  if (maxEdits === 0 || Math.abs(length - token.length) > maxEdits) return 0;
  const distance = boundedEditDistance(text, start, end, token, maxEdits);
  if (distance > maxEdits) return 0;
  return distance === 1 ? 0.6 : 0.45;
}

/** Short tokens must match exactly: one edit turns "cat" into too many other words. */
function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  return length <= 6 ? 1 : 2;
}

function forEachToken(text: string, visit: (start: number, end: number) => void): void {
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isWordChar(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      visit(start, i);
      start = -1;
    }
  }
}

// The helpers below run per character or per token of every searched text. They live in this
// module on purpose: calls across module boundaries go through export getters in some bundlers
// and test runners, which measurably slowed searches over 100k nodes.

/** Lower bound on the edits needed to turn a text with masks `have*` into one with `need*`. */
function missingCharacters(
  needOnce: number,
  needTwice: number,
  haveOnce: number,
  haveTwice: number,
): number {
  return bitCount(needOnce & ~haveOnce) + bitCount(needTwice & ~haveTwice);
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Letters and digits of any script count as word characters. */
function isWordChar(code: number): boolean {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  }
  // Non-ASCII: everything except common punctuation and spaces is treated as a letter, which
  // keeps CJK names (no spaces between words) searchable as one token.
  return code !== 0x3000 && code !== 0x00a0 && !(code >= 0x2000 && code <= 0x206f);
}
