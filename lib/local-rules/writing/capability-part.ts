import type { Phrases } from "../reading/phrases";
import { type AnswerPart, emptyPart } from "./answer-document";

/** What the offline model can do, for every "I can't" answer (AF-4). */
function capabilitiesSection(phrases: Phrases) {
  return {
    heading: phrases.capabilitiesHeading,
    blocks: [{ kind: "list" as const, items: phrases.capabilities }],
  };
}

/** The honest answer to a question the rules cannot plan. */
export function cannotPlanPart(input: { phrases: Phrases }): AnswerPart {
  const part = emptyPart({ succeeded: false });
  part.summary.push(input.phrases.cannotPlan);
  part.sections.push(capabilitiesSection(input.phrases));
  return part;
}

/**
 * The answer to a training or inference request: graph ML jobs are not offered by this
 * deployment's tools, or (when they are) not planned by the offline rules, which cannot judge
 * task, features, labels and split (TC-1). No accuracy or result is ever made up.
 */
export function machineLearningPart(input: {
  phrases: Phrases;
  toolNames: ReadonlySet<string>;
}): AnswerPart {
  const part = emptyPart({ succeeded: false });
  const offered = input.toolNames.has("train") || input.toolNames.has("infer");
  part.summary.push(offered ? input.phrases.mlNotPlannedOffline : input.phrases.mlUnavailable);
  part.sections.push(capabilitiesSection(input.phrases));
  return part;
}
