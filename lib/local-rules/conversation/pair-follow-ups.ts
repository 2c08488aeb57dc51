import { detectLanguage } from "../writing/answer-language";
import { pairOf, type ResolvedTurn } from "./resolved-turn";
import { askBack, asResolution, type TurnResolution } from "./turn-resolution";

/** "Is there a path between them?", "those two countries", "它们之间": the previous two nodes. */
export function resolveAgainstPair(question: string, previous: ResolvedTurn): TurnResolution {
  const chinese = detectLanguage(question) === "zh";
  const pair = pairOf(previous);
  if (!pair) return askBack(question, "pair");
  const joined = chinese ? ` ${pair[0]} 和 ${pair[1]} ` : `${pair[0]} and ${pair[1]}`;
  const request = question
    .replace(
      /\b(?:both of them|(?:those|these) two(?:\s+(?!(?:is|has|was|does)\b)\w+s\b)?|the two of them|the two)\b/i,
      joined,
    )
    .replace(/\b(between|connecting|linking|joining)\s+them\b/i, `$1 ${joined}`)
    .replace(/\b(are|were)\s+they\b/i, `$1 ${joined}`)
    .replace(/\bthey\b/i, joined)
    .replace(/\bboth\b(?!\s+(?:of|ways|directions))/i, `both ${joined}`)
    .replace(
      /它们|他们|她们|(?:这|那)两(?:个|位|座|家|名|条|所)(?:[\u4e00-\u9fff]{1,3}?(?=之间|间|是|有|在|的|和|与|[，,？?]|$))?|两者/,
      joined,
    )
    .replace(/\s{2,}/g, " ");
  return asResolution(question, { request, reference: { kind: "previous-pair", nodes: pair } });
}
