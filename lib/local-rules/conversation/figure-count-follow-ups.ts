import { nodeMentions } from "../reading/node-mentions";
import type { FollowUpReading } from "./ranking-follow-ups";
import { focusOf, type ResolvedTurn } from "./resolved-turn";

// "From how many banks?", "How many grants is that?", "来自多少家银行？": after a figure about one
// node (the money it took in, the money it handed out), the count of the nodes behind that figure
// — its neighbours of the kind named, on the side the preposition says.

const english =
  /^\s*(?:and\s+)?(from|to|across|over|between|with|by)?\s*how\s+many\s+([a-z][\w-]*(?:\s+(?!(?:is|was|are|were|does|did|that|this|it)\b)[a-z][\w-]*)?)\s*(is|was|are|were|does|did)?\s*(?:that|this|it|those|these)?\s*(?:make|in\s+(?:all|total))?\s*[?？.!]*\s*$/i;
const chinese =
  /^\s*(?:那|那么)?(?:(来自|从)|(?:这|那)是|(?:一共|总共)?涉及)(?:多少|几)(?:个|位|名|家|笔|项|条)?([\u4e00-\u9fff]{1,6}?)(?:呢)?\s*[?？]?\s*$/;

/** The count behind the previous figure, or null when the follow-up is not such a count. */
export function countBehindFigure(
  question: string,
  previous: ResolvedTurn,
): FollowUpReading | null {
  if (nodeMentions(question).length > 0) return null;
  const node = focusOf(previous);
  if (!node) return null;
  const englishMatch = english.exec(question);
  if (englishMatch) {
    const [, preposition, noun, verb] = englishMatch;
    // "How many banks?" alone asks for a count of the whole graph's banks.
    if (!preposition && !verb) return null;
    const request =
      preposition?.toLowerCase() === "from"
        ? `How many ${noun} send to ${node}?`
        : preposition?.toLowerCase() === "to"
          ? `How many ${noun} does ${node} send to?`
          : `How many ${noun} does ${node} have?`;
    return { request, reference: { kind: "previous-node", node } };
  }
  const chineseMatch = chinese.exec(question);
  if (!chineseMatch) return null;
  const [, from, noun] = chineseMatch;
  const request = from ? `有多少${noun}向 ${node} 发送？` : `${node} 有多少${noun}？`;
  return { request, reference: { kind: "previous-node", node } };
}
