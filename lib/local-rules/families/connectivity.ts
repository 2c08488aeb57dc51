import { planConnectivity } from "../planning/plan-graph-metrics";
import { ignoresDirection } from "../reading/ignored-direction";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "Can every town be reached from every other?": is the whole graph connected. */
export type ConnectivityIntent = {
  kind: "connectivity";
  strong: boolean;
  /** "weakly connected", "if we ignore edge direction": the links read both ways. */
  undirected?: true;
};

export const connectivityFamily = defineFamily<ConnectivityIntent>({
  kind: "connectivity",
  read: ({ text, nodeMentions }) => {
    if (!questionWords.wholeGraphConnected.test(text) || nodeMentions.length >= 2) return null;
    const undirected = questionWords.weak.test(text) || ignoresDirection(text);
    return [
      {
        kind: "connectivity",
        strong: questionWords.strong.test(text),
        ...(undirected ? { undirected: true as const } : {}),
      },
    ];
  },
  plan: (context, intent) => planConnectivity({ context, undirected: intent.undirected === true }),
  title: { en: "Connected components", zh: "连通分量" },
});
