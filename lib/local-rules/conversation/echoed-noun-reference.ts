import { nodeReference } from "./follow-up-words";
import type { ResolvedTurn } from "./resolved-turn";

// "How many exhibitions has that museum hosted?" after "Which museum owns the most works?": a
// demonstrative before a noun an earlier question used points at the node that question found,
// whatever the graph calls its nodes — the noun comes from the conversation, not a word list.

const demonstrativeNoun = /\b(?:that|this|the same)\s+([a-z][a-z-]{2,})\b/gi;

// Nouns that name the graph, a figure or a route rather than one node.
const notANode =
  /^(?:graph|network|dataset|data|time|many|much|path|route|way|walk|trip|journey|question|answer|value|number|figure|count|total|amount|list|ranking|set|group|case|result|table|one)s?$/i;

function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z][a-z-]+/g) ?? []).map(singular));
}

function singular(word: string): string {
  return word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/**
 * The question with "that <noun>" said as "that one" when an earlier question used the noun,
 * so it reads as a reference to the node the conversation found; null when it has none.
 */
export function echoedNounReference(question: string, previous: ResolvedTurn): string | null {
  if (nodeReference.test(question)) return null;
  const asked = wordsOf(previous.recentRequests.join(" "));
  for (const match of question.matchAll(demonstrativeNoun)) {
    const noun = match[1];
    if (notANode.test(noun) || !asked.has(singular(noun))) continue;
    return question.replace(match[0], "that one");
  }
  return null;
}
