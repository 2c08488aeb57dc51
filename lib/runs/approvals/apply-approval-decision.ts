import "server-only";
import { z } from "zod";
import type { ApprovalDecisionResponse } from "@/lib/contracts/approval-record";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import { ApprovalConflictError } from "@/lib/errors/run-control-errors";
import { executorId } from "../../process/executor-id";
import { launchRun } from "../start/launch-run";
import type { ApprovalBody } from "./approval-body-schema";
import { recordApprovalDecision } from "./record-approval-decision";

/**
 * POST /api/runs/{run_id}/approvals (AP-2…AP-4): applies the decision to the saved pause record
 * and starts the next execution generation of the same run. A repeat of the same decision answers
 * `accepted` / `processing` without a second execution; anything stale or mismatched is
 * APPROVAL_CONFLICT; patched arguments that do not fit the tool's schema are refused with 400
 * and the run stays paused.
 */
export async function applyApprovalDecision(input: {
  ownerId: string;
  runId: string;
  body: ApprovalBody;
}): Promise<ApprovalDecisionResponse> {
  const { body } = input;
  const result = await recordApprovalDecision({
    ownerId: input.ownerId,
    runId: input.runId,
    toolCallId: body.tool_call_id,
    toolName: body.tool_name,
    decision: body.decision,
    patchedArgs: body.patched_args,
    reason: body.reason,
    executorId: executorId(),
    validatePatchedArgs,
  });
  const eventsUrl = `/api/runs/${input.runId}/events`;
  switch (result.kind) {
    case "not_found":
      throw new NotFoundError("Run", { run_id: input.runId });
    case "conflict":
      throw new ApprovalConflictError(result.reason, {
        run_id: input.runId,
        tool_call_id: body.tool_call_id,
        ...result.details,
      });
    case "repeat":
      return {
        status: result.running ? ("processing" as const) : ("accepted" as const),
        execution_generation: result.generation,
        events_url: eventsUrl,
      };
    case "accepted":
      launchRun({ runId: input.runId, ownerId: input.ownerId, lastEventSeq: result.lastEventSeq });
      return {
        status: "accepted" as const,
        execution_generation: result.generation,
        events_url: eventsUrl,
      };
  }
}

/**
 * The tool's own input schema, as discovery gave it when the run paused, decides whether the
 * patched arguments are acceptable (AP-2): the same JSON Schema the model was shown.
 */
function validatePatchedArgs(schema: unknown, args: Record<string, unknown>): void {
  if (!schema || typeof schema !== "object") {
    throw new InvalidRequestError(
      "This tool's argument schema is unknown, so its arguments cannot be modified.",
    );
  }
  let validator: z.ZodType;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    throw new InvalidRequestError(
      "This tool's argument schema cannot be checked, so its arguments cannot be modified.",
    );
  }
  const parsed = validator.safeParse(args);
  if (!parsed.success) {
    throw new InvalidRequestError(
      "patched_args do not fit the tool's arguments; the run stays paused.",
      {
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        })),
      },
    );
  }
}
