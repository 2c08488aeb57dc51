import { planFlow } from "../planning/plan-flow";
import { endpointMentions } from "../reading/node-mentions";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";

/** "How many edge-disjoint paths join SEA and MIA?": the maximum flow between two nodes. */
export type FlowIntent = {
  kind: "flow";
  source: string | null;
  target: string | null;
  disjoint: boolean;
};

// "Using the export value as capacity, …", "以 weight（分钟）作为容量，…", "If each link's
// tonnes is its capacity, …": the clause naming the capacity names no end of the flow.
const capacityClause =
  /\b(?:using|with|taking|treating)\b[^,.;?]{0,60}?\bas (?:the |their |its )?capacit(?:y|ies)\b|\bif each [^,.;?]{0,40}?\bis (?:its|the|their) capacity\b|\bif (?:each|every) [^,.;?]{0,40}?\bis the (?:most|maximum)(?: that)? (?:\w+ ){0,2}(?:can|could) (?:carry|take|hold)\b|以[^，,。？]{0,30}?(?:作为|为|当作)(?:边的)?容量/gi;

export const flowFamily = defineFamily<FlowIntent>({
  kind: "flow",
  read: ({ text, endpoints }) => {
    if (!questionWords.flow.test(text)) return null;
    const withoutCapacity = text.replace(capacityClause, " ");
    const { source, target } =
      withoutCapacity !== text ? endpointMentions(withoutCapacity) : endpoints;
    return [{ kind: "flow", source, target, disjoint: questionWords.disjoint.test(text) }];
  },
  plan: (context, intent) => planFlow({ context, ...intent }),
  title: { en: "Maximum flow", zh: "最大流" },
});
