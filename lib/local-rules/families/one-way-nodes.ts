import { type MissingLinks, planOneWayNodes } from "../planning/plan-one-way-nodes";
import { readGraphSchema } from "../reading/graph-schema";
import { missingDirection } from "../reading/one-way-claims";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "Who only receives emails and never sends any?": nodes without links one way. */
export type OneWayNodesIntent = {
  kind: "one-way-nodes";
  missing: MissingLinks;
  onlyOther: boolean;
};

function readOneWayNodes({ text, nodeMentions }: QuestionText): OneWayNodesIntent[] | null {
  // A named node makes it a question about that node ("Has kpatel never emailed anyone?");
  // "never wrote together", "haven't emailed each other" are about pairs, not one-way nodes.
  const aboutPairs =
    /\btogether\b|\beach other\b|\bone another\b|一起|互相/i.test(text) ||
    questionWords.likelyLinks.test(text) ||
    questionWords.similarity.test(text);
  if (nodeMentions.length > 0 || aboutPairs) return null;
  const onlyReceives = questionWords.onlyReceives.test(text);
  const onlySends = questionWords.onlySends.test(text);
  const noOutgoing = questionWords.noOutgoing.test(text);
  const noIncoming = questionWords.noIncoming.test(text);
  // Both ways, or neither: no one-way question.
  if ((onlyReceives || noOutgoing) === (onlySends || noIncoming)) {
    // Any verb of sending or receiving said never or only ("never sells", "只出口、从不进口").
    const claimed = missingDirection(text);
    return claimed ? [{ kind: "one-way-nodes", ...claimed }] : null;
  }
  const missing = onlyReceives || noOutgoing ? "out" : "in";
  return [{ kind: "one-way-nodes", missing, onlyOther: onlyReceives || onlySends }];
}

export const oneWayNodesFamily = defineFamily<OneWayNodesIntent>({
  kind: "one-way-nodes",
  read: readOneWayNodes,
  plan: (context, intent) => {
    // "How many books were never lent to any member?": among several kinds of link
    // the one named with "any" is missing, which the reading of unlinked nodes plans.
    const schemaStep = readGraphSchema(context);
    if (
      schemaStep.kind === "ready" &&
      schemaStep.schema.edge_types.length > 1 &&
      /\bany\b|\ba single\b|任何/i.test(context.reading.question)
    ) {
      return { kind: "declined" };
    }
    return planOneWayNodes({ context, ...intent });
  },
  title: {
    en: (intent) =>
      intent.missing === "out" ? "Nodes without outgoing links" : "Nodes without incoming links",
    zh: (intent) => (intent.missing === "out" ? "没有出边的节点" : "没有入边的节点"),
  },
});
