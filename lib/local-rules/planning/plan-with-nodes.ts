import type { z } from "zod";
import { type ResolvedNode, resolveNodeNames } from "../reading/resolve-node-names";
import type { EnvelopeView } from "../steps/tool-outcome";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { planSingleCall } from "./single-call-plan";

/** A part that says what the question is missing (never another question's answer). */
export function missingPart(context: PlanContext, text: { en: string; zh: string }): AnswerPart {
  const part = emptyPart({ succeeded: false });
  part.summary.push(inLanguage(context, text));
  return part;
}

/**
 * The usual shape of a family's plan: confirm the named nodes with search_node (one batch),
 * then one tool call built from the confirmed ids, then the answer written from its data.
 * A missing name stops with `missing`; a name nobody matches stops with the honest "not found".
 */
export function planOnNodes<Schema extends z.ZodType>(input: {
  context: PlanContext;
  names: (string | null)[];
  missing: { en: string; zh: string };
  call: (nodes: ResolvedNode[]) => PlannedCall;
  schema: Schema;
  write: (
    data: z.infer<Schema>,
    nodes: ResolvedNode[],
    call: PlannedCall,
    envelope: EnvelopeView,
  ) => AnswerPart;
}): PlanOutcome {
  const { context } = input;
  if (input.names.some((name) => name === null || name.trim() === "")) {
    return { kind: "done", part: missingPart(context, input.missing) };
  }
  const resolution = resolveNodeNames({ context, names: input.names as string[] });
  if (resolution.kind === "pending") return { kind: "pending", calls: resolution.calls };
  if (resolution.kind === "problem") return { kind: "done", part: resolution.part };
  const { nodes } = resolution;
  const call = input.call(nodes);
  return planSingleCall({
    context,
    call,
    schema: input.schema,
    write: (data, envelope) => {
      const part = input.write(data, nodes, call, envelope);
      for (const node of nodes) if (node.note) part.notes.push(node.note);
      return part;
    },
  });
}

/** The source line of one call, as every answer cites it. */
export function callSource(call: PlannedCall): string {
  return `${call.toolName} ${JSON.stringify(call.input)}`;
}
