import { planSelfLoops, type SelfLoopAsk } from "../planning/plan-self-loops";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Does anyone in Sales email themselves?": edges from a node to itself. */
export type SelfLoopsIntent = { kind: "self-loops"; ask: SelfLoopAsk };

function askOf(text: string, yesNo: boolean): SelfLoopAsk {
  if (yesNo) return "exists";
  if (!questionWords.count.test(text)) return "list";
  return questionWords.selfLoopsCounted.test(text) ? "loops" : "nodes";
}

export const selfLoopsFamily = defineFamily<SelfLoopsIntent>({
  kind: "self-loops",
  read: ({ text, yesNo }) => {
    if (!questionWords.selfLoop.test(text)) return null;
    return [{ kind: "self-loops", ask: askOf(text, yesNo) }];
  },
  plan: (context, intent) => planSelfLoops({ context, ask: intent.ask }),
  title: { en: "Self-loops", zh: "自环" },
});
