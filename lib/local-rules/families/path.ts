import { planPath } from "../plan-path";
import { questionWords } from "../question-words";
import { defineFamily } from "./define-family";

/** "What is the shortest path from Valjean to Javert?" */
export type PathIntent = { kind: "path"; source: string | null; target: string | null };

export const pathFamily = defineFamily<PathIntent>({
  kind: "path",
  read: ({ text, twoNodes, endpoints }) => {
    if (!twoNodes || !questionWords.path.test(text)) return null;
    return [{ kind: "path", source: endpoints.source, target: endpoints.target }];
  },
  plan: (context, intent) => planPath({ context, source: intent.source, target: intent.target }),
  title: { en: "Shortest path", zh: "最短路径" },
});
