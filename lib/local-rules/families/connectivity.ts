import { planConnectivity } from "../planning/plan-graph-metrics";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Can every town be reached from every other?": is the whole graph connected. */
export type ConnectivityIntent = { kind: "connectivity"; strong: boolean };

export const connectivityFamily = defineFamily<ConnectivityIntent>({
  kind: "connectivity",
  read: ({ text, nodeMentions }) => {
    if (!questionWords.wholeGraphConnected.test(text) || nodeMentions.length >= 2) return null;
    return [{ kind: "connectivity", strong: questionWords.strong.test(text) }];
  },
  plan: (context) => planConnectivity({ context }),
  title: { en: "Connected components", zh: "连通分量" },
});
