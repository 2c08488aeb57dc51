import { planOutsideMain } from "../planning/plan-strong-components";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Which researchers are cut off from the main network?": nodes outside the largest component. */
export type OutsideMainIntent = { kind: "outside-main" };

export const outsideMainFamily = defineFamily<OutsideMainIntent>({
  kind: "outside-main",
  read: ({ text }) => (questionWords.outsideMain.test(text) ? [{ kind: "outside-main" }] : null),
  plan: (context) => planOutsideMain({ context }),
  title: { en: "Connected components", zh: "连通分量" },
});
