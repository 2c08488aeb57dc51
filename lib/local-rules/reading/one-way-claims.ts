import { directedWords } from "./link-direction";

// "Which country buys from others but never sells to anyone?", "哪个国家只出口、从不进口？",
// "Who has never been cited?": what a question says of the links a node lacks, read from its
// verbs of sending and receiving (link-direction.ts) and the word before each: a negation
// ("never sells", "从不进口"), "only" ("只出口"), a passive that turns the verb round ("never
// been cited", "从未被引用"), or nothing (the links it does have, "buys from others").

/** What the question says of each direction: never, only, or plainly. */
export type OneWayClaims = {
  never: Set<"in" | "out">;
  only: Set<"in" | "out">;
  plain: Set<"in" | "out">;
};

const passiveBefore = /(?:\b(?:been|being|be|is|are|was|were|get|gets|got)\s+|被\s*)$/i;
const negationBefore =
  /(?:\bnever|\bnot|n't|\bno\s+longer|从不|从未|从来不|从来没有?|没有|没|不曾|未曾|未|不)\s*(?:ever\s+|曾\s*)?$/i;
const onlyBefore = /(?:\bonly|\bsolely|\bjust|只|仅|仅仅|只是)\s*$/i;

function turned(direction: "in" | "out"): "in" | "out" {
  return direction === "in" ? "out" : "in";
}

/** What the question claims of each direction of a node's links. */
export function readOneWayClaims(question: string): OneWayClaims {
  const claims: OneWayClaims = { never: new Set(), only: new Set(), plain: new Set() };
  const { text, words } = directedWords(question);
  for (const word of words) {
    let before = text.slice(Math.max(0, word.start - 40), word.start);
    let direction = word.direction;
    if (passiveBefore.test(before)) {
      direction = turned(direction);
      before = before.replace(passiveBefore, "");
    }
    if (negationBefore.test(before)) claims.never.add(direction);
    else if (onlyBefore.test(before)) claims.only.add(direction);
    else claims.plain.add(direction);
  }
  return claims;
}

/**
 * The direction a node has no links in, when the question says so one way only ("never sells",
 * "only imports"), and whether it also has links the other way; null when it says both or neither.
 */
export function missingDirection(
  question: string,
): { missing: "in" | "out"; onlyOther: boolean } | null {
  const { never, only, plain } = readOneWayClaims(question);
  const lacks = new Set<"in" | "out">([...never, ...[...only].map(turned)]);
  if (lacks.size !== 1) return null;
  const [missing] = lacks;
  const other = turned(missing);
  return { missing, onlyOther: only.has(other) || (never.has(missing) && plain.has(other)) };
}
