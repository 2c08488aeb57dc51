import { planPath } from "../planning/plan-path";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import { separationAsked } from "./walk-words";

/** "What is the shortest path from Valjean to Javert?" */
export type PathIntent = {
  kind: "path";
  source: string | null;
  target: string | null;
  /** "How many levels is X below the top?": the target is where the walk from X ends. */
  toEnd?: true;
};

export const pathFamily = defineFamily<PathIntent>({
  kind: "path",
  // "How far apart are A and B?", "the quickest travel time from A to B": a measure of how far
  // apart two ends are asks for the shortest path too (walk-words.ts).
  read: (question) => {
    const { text, twoNodes, endpoints } = question;
    if (twoNodes && questionWords.path.test(text)) {
      return [{ kind: "path", source: endpoints.source, target: endpoints.target }];
    }
    const ends = separationAsked(question);
    return ends ? [{ kind: "path", ...ends }] : null;
  },
  plan: (context, intent) =>
    planPath({
      context,
      source: intent.source,
      target: intent.target,
      toEnd: intent.toEnd === true,
    }),
  title: { en: "Shortest path", zh: "最短路径" },
});
