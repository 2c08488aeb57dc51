import { detectLanguage } from "../writing/answer-language";
import { sizeReference } from "./follow-up-words";
import type { FollowUpReading } from "./ranking-follow-ups";
import type { ResolvedTurn } from "./resolved-turn";

// "How many countries are in the smaller one?" after "how many weakly connected components are
// there?": a part of the previous answer picked by its size. The larger one is the largest
// component; the smaller one, when the answer counted two, is every node outside the largest —
// an answer that counts them and lists them, so "which of them …" can rank them next.

const componentWords = /\bcomponents?\b|连通分量|分量/i;

// The previous question counted components when its reading did, whatever it called them
// ("disconnected systems", "separate islands").
function countedComponents(previous: ResolvedTurn): boolean {
  return componentWords.test(previous.request) || previous.analysis?.kind === "components";
}

function componentKind(previous: ResolvedTurn): { en: string; zh: string } | null {
  const request = previous.request;
  if (previous.analysis?.kind === "components" && previous.analysis.strong) return null;
  if (/\bstrongly\b|强连通/i.test(request)) return null;
  return /\bweakly\b|弱连通/i.test(request)
    ? { en: "weakly connected component", zh: "弱连通分量" }
    : { en: "connected component", zh: "连通分量" };
}

export function partBySize(question: string, previous: ResolvedTurn): FollowUpReading | null {
  const match = sizeReference.exec(question);
  if (!match || !countedComponents(previous)) return null;
  const kind = componentKind(previous);
  if (!kind) return null;
  const chinese = detectLanguage(question) === "zh";
  const word = (match[1] ?? match[2] ?? "").toLowerCase();
  if (!/small|小/.test(word)) {
    return {
      request: question.replace(match[0], chinese ? `最大的${kind.zh}` : `the largest ${kind.en}`),
      reference: { kind: "part-by-size", size: "largest" },
    };
  }
  // With more than two parts "the smaller one" names none of them: left to be asked back.
  if (previous.entities.figures[0] !== 2) return null;
  return {
    request: chinese
      ? `哪些节点不在最大${kind.zh}中？`
      : `Which nodes are outside the largest ${kind.en}?`,
    reference: { kind: "part-by-size", size: "smallest" },
  };
}
