import type { CommunityAlgorithm } from "../planning/community-algorithm";
import { planCommunities } from "../planning/plan-communities";
import { communityAlgorithmOf } from "../reading/question-arguments";
import { defineFamily } from "./define-family";

/** "Which communities does the network have?" */
export type CommunitiesIntent = { kind: "communities"; algorithm: CommunityAlgorithm };

/**
 * After bridging, same-community and membership, which read the narrower community questions.
 * "The most central customers and their communities" asks for both: the centrality family reads
 * it, and answers the ranking first.
 */
export const communitiesFamily = defineFamily<CommunitiesIntent>({
  kind: "communities",
  read: ({ text, communitiesAsked, centralityAsked }) => {
    if (!communitiesAsked || centralityAsked) return null;
    return [{ kind: "communities", algorithm: communityAlgorithmOf(text) }];
  },
  plan: (context, intent) => planCommunities({ context, algorithm: intent.algorithm }),
  title: { en: "Communities", zh: "社区发现" },
});
