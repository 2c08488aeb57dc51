import { planReachability } from "../planning/plan-reachability";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import { onlyDirect, walkWords } from "./walk-words";

/** "Can you get from SEA to HNL?": whether any path joins two named nodes. */
export type ReachabilityIntent = {
  kind: "reachability";
  source: string | null;
  target: string | null;
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * "Is X somewhere in Y's chain of mentors?", "X 在 Y 的导师链上吗？": the chain is the walk from
 * its owner, so the owner is where the walk starts, whichever is named first.
 */
function chainFirst(
  text: string,
  ends: { source: string | null; target: string | null },
): { source: string | null; target: string | null } {
  const { source, target } = ends;
  if (!source || !target) return ends;
  const owns = (name: string) =>
    new RegExp(
      `${escapeRegExp(name)}(?:'s|’s)\\s+(?:[\\w-]+\\s+){0,2}?(?:chain|line|lineage|ancestry|ancestors|hierarchy|upline|downline|succession|tree)\\b|\\b(?:chain|line|lineage|hierarchy|ancestry|succession)\\s+of\\s+(?:[\\w-]+\\s+){0,2}?(?:above|over|of|for|from|starting\\s+(?:at|from))\\s+${escapeRegExp(name)}|${escapeRegExp(name)}\\s*的\\S{0,6}(?:链|链条|谱系|传承|上线|层级)`,
      "i",
    ).test(text);
  return owns(target) && !owns(source) ? { source: target, target: source } : ends;
}

export const reachabilityFamily = defineFamily<ReachabilityIntent>({
  kind: "reachability",
  // "Is SEA directly connected to MIA?" asks for an edge (edge-exists.ts). A walk along the
  // edges ("does A eventually report to B", "following the arrows", "A 的钱能流到 B 吗") asks
  // whether one reaches the other, whatever the verb.
  read: ({ text, yesNo, twoNodes, endpoints }) => {
    if (!yesNo || !twoNodes) return null;
    const chain =
      /\bchain\s+of\b|\S(?:'s|’s)\s+(?:[\w-]+\s+)?chain\b|的\S{0,6}链(?:条)?(?:上|中|里)/i;
    if (!questionWords.reachability.test(text) && !walkWords.test(text) && !chain.test(text)) {
      return null;
    }
    if (onlyDirect(text)) return null;
    // "Is n9 downstream of n1?": the one named after "of" is where the walk starts.
    if (/\b(?:downstream|descendants?|descended)\s+(?:of|from)\b/i.test(text)) {
      return [{ kind: "reachability", source: endpoints.target, target: endpoints.source }];
    }
    return [{ kind: "reachability", ...chainFirst(text, endpoints) }];
  },
  plan: (context, intent) => planReachability({ context, ...intent }),
  title: { en: "Reachability", zh: "可达性" },
});
