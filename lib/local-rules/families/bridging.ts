import { planBridging } from "../planning/plan-bridging";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Which characters act as bridges between groups?": key nodes joining several communities. */
export type BridgingIntent = { kind: "bridging"; topK: number };

export const bridgingFamily = defineFamily<BridgingIntent>({
  kind: "bridging",
  read: ({ text, communitiesAsked }) => {
    if (!communitiesAsked || !questionWords.bridgeWord.test(text)) return null;
    return [
      { kind: "bridging", topK: parseRequestedCount({ question: text, fallback: 10, max: 20 }) },
    ];
  },
  plan: (context, intent) => planBridging({ context, topK: intent.topK }),
  title: { en: "Key nodes connecting several communities", zh: "连接多个社区的关键节点" },
});
