import { planReachability } from "../planning/plan-reachability";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import { directWords, walkWords } from "./walk-words";

/** "Can you get from SEA to HNL?": whether any path joins two named nodes. */
export type ReachabilityIntent = {
  kind: "reachability";
  source: string | null;
  target: string | null;
};

export const reachabilityFamily = defineFamily<ReachabilityIntent>({
  kind: "reachability",
  // "Is SEA directly connected to MIA?" asks for an edge (edge-exists.ts). A walk along the
  // edges ("does A eventually report to B", "following the arrows", "A 的钱能流到 B 吗") asks
  // whether one reaches the other, whatever the verb.
  read: ({ text, yesNo, twoNodes, endpoints }) => {
    if (!yesNo || !twoNodes) return null;
    if (!questionWords.reachability.test(text) && !walkWords.test(text)) return null;
    if (directWords.test(text)) return null;
    // "Is n9 downstream of n1?": the one named after "of" is where the walk starts.
    if (/\b(?:downstream|descendants?|descended)\s+(?:of|from)\b/i.test(text)) {
      return [{ kind: "reachability", source: endpoints.target, target: endpoints.source }];
    }
    return [{ kind: "reachability", ...endpoints }];
  },
  plan: (context, intent) => planReachability({ context, ...intent }),
  title: { en: "Reachability", zh: "可达性" },
});
