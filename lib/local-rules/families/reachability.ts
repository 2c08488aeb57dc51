import { planReachability } from "../plan-reachability";
import { questionWords } from "../question-words";
import { defineFamily } from "./define-family";

/** "Can you get from SEA to HNL?": whether any path joins two named nodes. */
export type ReachabilityIntent = {
  kind: "reachability";
  source: string | null;
  target: string | null;
};

export const reachabilityFamily = defineFamily<ReachabilityIntent>({
  kind: "reachability",
  // "Is SEA directly connected to MIA?" asks for an edge (edge-exists.ts).
  read: ({ text, yesNo, twoNodes, endpoints }) => {
    if (!yesNo || !twoNodes || !questionWords.reachability.test(text)) return null;
    if (/directly|直接/i.test(text)) return null;
    return [{ kind: "reachability", ...endpoints }];
  },
  plan: (context, intent) => planReachability({ context, ...intent }),
  title: { en: "Reachability", zh: "可达性" },
});
