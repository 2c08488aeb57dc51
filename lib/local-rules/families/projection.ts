import { planProjection } from "../planning/plan-projection";
import { parseRequestedCount } from "../reading/question-numbers";
import { defineFamily } from "./define-family";
import { asksForPairs } from "./partners";

/** "Which products are most often bought together?": pairs ranked by shared neighbours. */
export type ProjectionIntent = { kind: "projection"; topK: number };

export const projectionFamily = defineFamily<ProjectionIntent>({
  kind: "projection",
  read: (question) => {
    if (!asksForPairs(question)) return null;
    const topK = parseRequestedCount({ question: question.text, fallback: 10, max: 100 });
    return [{ kind: "projection", topK }];
  },
  plan: (context, intent) => planProjection({ context, topK: intent.topK }),
  title: { en: "Pairs that go together", zh: "经常一起出现的节点对" },
});
