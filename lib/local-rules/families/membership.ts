import type { CommunityAlgorithm } from "../planning/community-algorithm";
import { planMembership } from "../planning/plan-membership";
import { communityAlgorithmOf } from "../reading/question-arguments";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Which community is Valjean in?" */
export type MembershipIntent = { kind: "membership"; node: string; algorithm: CommunityAlgorithm };

export const membershipFamily = defineFamily<MembershipIntent>({
  kind: "membership",
  read: ({ text, communitiesAsked, subject }) => {
    if (!communitiesAsked || !subject || !questionWords.sameCommunity.test(text)) return null;
    return [{ kind: "membership", node: subject, algorithm: communityAlgorithmOf(text) }];
  },
  plan: (context, intent) => planMembership({ context, ...intent }),
  title: { en: "Community membership", zh: "社区归属" },
});
