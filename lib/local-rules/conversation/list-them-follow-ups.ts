import type { FollowUpReading } from "./ranking-follow-ups";
import { focusOf, type ResolvedTurn } from "./resolved-turn";

// "Name them.", "Which ones?", "列出来": the nodes behind the previous figure — the previous
// count asked as a list ("How many banks send to X?" → "Which banks send to X?"), or after
// "who mentors the most researchers?" the ones its top node mentors.

const listThem =
  /^\s*(?:and\s+)?(?:(?:please\s+)?(?:name|list|show)\s+(?:them|those|these)(?:\s+all)?(?:\s+please)?|which\s+(?:ones|are\s+they)|who\s+are\s+they)\s*[?？.!]*\s*$|^\s*(?:是)?(?:哪些|哪几(?:个|位|家))(?:呢)?\s*[?？]?\s*$|^\s*(?:列出来|请列出|都有谁|分别是谁|分别是哪些)\s*[?？。]?\s*$/i;

const englishCount = /^\s*how many\s+/i;
const chineseCount = /(?:有|共有|一共有)?(?:多少|几)(?:个|位|名|家|条|座)?/;
const topVerb = /^\s*(?:who|which\s+\w+)\s+(\w+?)(?:es|s)?\s+the\s+most\s+(\w+)\s*[?？.!]*\s*$/i;

/** The list behind the previous figure, or null when the follow-up does not ask for it. */
export function listBehindFigure(question: string, previous: ResolvedTurn): FollowUpReading | null {
  if (!listThem.test(question)) return null;
  const request = previous.request;
  if (englishCount.test(request)) {
    return {
      request: request.replace(englishCount, "Which "),
      reference: { kind: "previous-set", phrase: request, nodes: [] },
    };
  }
  if (/[\u4e00-\u9fff]/.test(request) && chineseCount.test(request)) {
    return {
      request: request.replace(chineseCount, "有哪些"),
      reference: { kind: "previous-set", phrase: request, nodes: [] },
    };
  }
  const top = topVerb.exec(request);
  const node = focusOf(previous);
  if (!top || !node) return null;
  return {
    request: `Which ${top[2]} does ${node} ${top[1]}?`,
    reference: { kind: "previous-node", node },
  };
}
