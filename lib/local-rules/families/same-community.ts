import type { CommunityAlgorithm } from "../planning/community-algorithm";
import { planSameCommunity } from "../planning/plan-membership";
import { communityAlgorithmOf } from "../reading/question-arguments";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Are Valjean and Javert in the same community?" */
export type SameCommunityIntent = {
  kind: "same-community";
  source: string;
  target: string;
  algorithm: CommunityAlgorithm;
};

export const sameCommunityFamily = defineFamily<SameCommunityIntent>({
  kind: "same-community",
  read: ({ text, communitiesAsked, yesNo, endpoints: { source, target } }) => {
    if (!communitiesAsked || !source || !target || !yesNo) return null;
    if (!questionWords.sameCommunity.test(text)) return null;
    return [{ kind: "same-community", source, target, algorithm: communityAlgorithmOf(text) }];
  },
  plan: (context, intent) => planSameCommunity({ context, ...intent }),
  title: { en: "Community membership", zh: "社区归属" },
});
