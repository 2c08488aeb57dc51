import type { z } from "zod";
import { resolveCall } from "../steps/call-resolution";
import type { EnvelopeView } from "../steps/tool-outcome";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { failurePart } from "../writing/failure-part";
import { readData } from "../writing/result-shapes";
import type { BaseContext, PlannedCall, PlanOutcome } from "./plan-types";

/** A part saying a result did not have the expected shape (never shown as empty results). */
export function unexpectedResultPart(input: {
  context: BaseContext;
  toolName: string;
}): AnswerPart {
  const part = emptyPart({ succeeded: false });
  part.summary.push(input.context.phrases.unexpectedResult(input.toolName));
  return part;
}

/**
 * The usual last step of a plan: ask for one call, then explain its failure or write its data.
 */
export function planSingleCall<Schema extends z.ZodType>(input: {
  context: BaseContext;
  call: PlannedCall;
  schema: Schema;
  write: (data: z.infer<Schema>, envelope: EnvelopeView) => AnswerPart;
}): PlanOutcome {
  const { context, call } = input;
  const state = resolveCall({ steps: context.reading.steps, call });
  if (state.state === "todo") return { kind: "pending", calls: [call] };
  if (state.state === "failed") {
    return {
      kind: "done",
      part: failurePart({
        step: state.step,
        steps: context.reading.steps,
        phrases: context.phrases,
      }),
    };
  }
  const data = readData(input.schema, state.envelope);
  if (data === null) {
    return { kind: "done", part: unexpectedResultPart({ context, toolName: call.toolName }) };
  }
  return { kind: "done", part: input.write(data, state.envelope) };
}
