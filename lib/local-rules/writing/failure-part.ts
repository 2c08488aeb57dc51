import type { Phrases } from "../reading/phrases";
import type { RunToolStep } from "../reading/read-prompt";
import { type AnswerPart, emptyPart } from "./answer-document";

function detailsOf(data: unknown): { line?: number; column?: number } {
  if (typeof data !== "object" || data === null) return {};
  const record = data as Record<string, unknown>;
  return {
    line: typeof record.line === "number" ? record.line : undefined,
    column: typeof record.column === "number" ? record.column : undefined,
  };
}

// A failed job's envelope says JOB_FAILED; the job's own code (`data.error.code`: a missing
// upload, a malformed file) decides what the user should do next.
function jobErrorCode(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const error = (data as Record<string, unknown>).error;
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as Record<string, unknown>).code;
  return typeof code === "string" && code !== "JOB_FAILED" ? code : undefined;
}

/** The next step that fits an error code (MCP-4: a failure always comes with what to do). */
function nextStep(input: { phrases: Phrases; code: string | undefined; blockers: string[] }) {
  const { phrases, code } = input;
  switch (code) {
    case "GRAPH_NOT_LOADED":
      return phrases.nextGraphNotLoaded;
    case "DATASET_SCOPE_REQUIRED":
      return phrases.nextScopeRequired;
    case "NOT_FOUND":
      return phrases.nextDatasetNotFound;
    case "NODE_NOT_FOUND":
      return phrases.nextNodeNotFound;
    case "REVISION_CONFLICT":
      return phrases.nextRevisionConflict;
    case "UPLOAD_UNAVAILABLE":
      return phrases.nextUploadUnavailable;
    case "SERVICE_UNAVAILABLE":
      return phrases.nextServiceUnavailable;
    case "PARSE_ERROR":
    case "UNSUPPORTED_FILE":
    case "PAYLOAD_TOO_LARGE":
      return phrases.nextFixFile;
    case "JOB_FAILED":
    case "JOB_CANCELLED":
    case "RESULT_UNAVAILABLE":
      return phrases.nextRetryJob;
    case "INVALID_REQUEST":
      return phrases.nextInvalidRequest;
    case "GRAPH_NOT_WEIGHTED":
      return phrases.nextGraphNotWeighted;
    case "TOOL_DEPENDENCY_BLOCKED":
      return phrases.nextBlocked(input.blockers);
    default:
      return phrases.nextGeneric;
  }
}

/**
 * Explains a call that did not succeed — failed, blocked, rejected, still waiting, or without a
 * result — with its code, message and the next step, instead of presenting empty results.
 */
export function failurePart(input: {
  step: RunToolStep;
  steps: RunToolStep[];
  phrases: Phrases;
}): AnswerPart {
  const { step, phrases } = input;
  const part = emptyPart({ succeeded: false });
  const outcome = step.outcome;
  switch (outcome.kind) {
    case "denied":
      part.summary.push(phrases.callRejected(step.toolName, outcome.reason));
      return part;
    case "awaiting-approval":
      part.summary.push(phrases.callAwaitingApproval(step.toolName));
      return part;
    case "missing":
      part.summary.push(phrases.callWithoutResult(step.toolName));
      part.notes.push(phrases.nextGeneric);
      return part;
    case "success":
      return part;
    case "failure":
    case "blocked": {
      const { envelope } = outcome;
      const blockers =
        outcome.kind === "blocked"
          ? outcome.blockedBy.map(
              (id) => input.steps.find((other) => other.toolCallId === id)?.toolName ?? id,
            )
          : [];
      part.summary.push(
        phrases.callFailed({
          toolName: step.toolName,
          code: envelope.errorCode ?? envelope.status,
          message: envelope.message,
          ...detailsOf(envelope.data),
        }),
      );
      part.notes.push(
        nextStep({
          phrases,
          code:
            envelope.errorCode === "JOB_FAILED"
              ? (jobErrorCode(envelope.data) ?? envelope.errorCode)
              : envelope.errorCode,
          blockers,
        }),
      );
      part.sources.push(phrases.sourceFailedCall(step.toolName));
      return part;
    }
  }
}
