import type { JSONValue } from "@ai-sdk/provider";
import type { Phrases } from "../reading/phrases";
import type { PromptReading } from "../reading/read-prompt";
import type { AnswerPart } from "../writing/answer-document";
import type { GraphDescription } from "../writing/result-shapes";

/** A JSON object whose values are all defined (tool inputs). */
export type JsonObject = { [key: string]: JSONValue };

/** One tool call the model will emit. */
export type PlannedCall = { toolName: string; input: JsonObject };

/**
 * A planner's next step: more calls (with an optional explanation said alongside, e.g. what a
 * preview showed before its commit is asked for), or its contribution to the final answer.
 */
export type PlanOutcome =
  | { kind: "pending"; calls: PlannedCall[]; explanation?: AnswerPart }
  | { kind: "done"; part: AnswerPart };

/** The session graph as verified in this run. */
export type VerifiedGraph = {
  description: GraphDescription;
  /** The tool whose result verified it (load_constructed_graph or get_graph_info). */
  verifiedBy: string;
  /** A readable dataset name from the session state, when known. */
  datasetName?: string;
};

/** What every planner reads: the prompt and the answer language. */
export type BaseContext = {
  reading: PromptReading;
  phrases: Phrases;
};

/** What a planner that works on the verified session graph reads. */
export type PlanContext = BaseContext & { graph: VerifiedGraph };
