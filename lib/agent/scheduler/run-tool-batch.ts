import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { buildToolDag, type ToolDescriptorLookup } from "./build-tool-dag";
import { clampToolConcurrency } from "./clamp-tool-concurrency";
import { envelopeFromError } from "./execution-envelope";
import { ToolBatchError } from "./tool-batch-error";
import { ToolBatchRun } from "./tool-batch-run";
import type { ExecuteToolCall, MayStartToolCall, PrecheckToolCall } from "./tool-call-hooks";
import type { ToolBatchResume, ToolCallOutcome } from "./tool-call-outcome";

// Shared by batches run without a signal: nothing ever aborts it, and creating an
// AbortController per batch was a measurable share of the scheduling cost.
const neverAborted = new AbortController().signal;

/** Everything `runToolBatch` needs for one model turn's tool calls. */
export type RunToolBatchInput = {
  /** The calls in the model's order. */
  calls: readonly PlannedToolCall[];
  descriptors: ToolDescriptorLookup;
  /** `AGENT_TOOL_MAX_CONCURRENCY`; clamped to 1…32 here as well. */
  maxConcurrency: number;
  /** Runs one call. A throw becomes a failed envelope (code from the error's string `code`). */
  execute: ExecuteToolCall;
  /** Receives tool events in completion order; must not throw (a throw rejects the batch). */
  emit: (event: RunEventPayload) => void;
  /** The run scope's signal: on abort nothing new starts and unstarted calls end `cancelled`. */
  signal?: AbortSignal;
  /** Optional refusal before a call runs or asks for approval (e.g. SS-4 dataset scope). */
  precheck?: PrecheckToolCall;
  /** Optional last word before a call starts: a refusal starts nothing more in the batch. */
  mayStart?: MayStartToolCall;
  /** Continuing a batch after an approval decision (AP-4). */
  resume?: ToolBatchResume;
};

/**
 * Runs one batch of tool calls through the resource DAG (DAG-1…DAG-5, AP-1, AP-4) and returns
 * every call's outcome in batch order; events go to `emit` as things happen. Resolves only after
 * every started `execute` has settled, so an abort is complete when the promise resolves.
 */
export async function runToolBatch(input: RunToolBatchInput): Promise<ToolCallOutcome[]> {
  const calls = withApprovedArgs(input.calls, input.resume);
  assertUniqueIds(calls);
  const nodes = buildToolDag({ calls, descriptors: input.descriptors });
  const reused = new Map(input.resume?.completed ?? []);
  const approvedCallId = input.resume?.approved?.toolCallId;
  // The approved call runs now even if the earlier generation recorded it as awaiting approval.
  if (approvedCallId !== undefined) reused.delete(approvedCallId);
  return new ToolBatchRun({
    nodes,
    reused,
    approvedCallId,
    maxConcurrency: clampToolConcurrency({ value: input.maxConcurrency }),
    execute: input.execute,
    emit: input.emit,
    precheck: input.precheck && failSafe(input.precheck),
    mayStart: input.mayStart,
    signal: input.signal ?? neverAborted,
  }).run();
}

// The approved arguments replace the proposed ones before the DAG is built: a `modify` may patch
// a `dataset_id`, which changes the resources the call touches.
function withApprovedArgs(
  calls: readonly PlannedToolCall[],
  resume: ToolBatchResume | undefined,
): readonly PlannedToolCall[] {
  const approved = resume?.approved;
  if (!approved) return calls;
  if (!calls.some((call) => call.toolCallId === approved.toolCallId)) {
    throw new ToolBatchError({
      code: "APPROVAL_CONFLICT",
      message: `Approved tool call ${approved.toolCallId} is not part of this batch.`,
    });
  }
  return calls.map((call) =>
    call.toolCallId === approved.toolCallId ? { ...call, args: approved.args } : call,
  );
}

// Events, outcomes and `blocked_by` all name calls by id; two calls with one id would be
// indistinguishable to the UI and to the model.
function assertUniqueIds(calls: readonly PlannedToolCall[]): void {
  const seen = new Set<string>();
  for (const call of calls) {
    if (seen.has(call.toolCallId)) {
      throw new ToolBatchError({
        code: "INVALID_REQUEST",
        message: `Tool call id ${call.toolCallId} appears twice in one batch.`,
      });
    }
    seen.add(call.toolCallId);
  }
}

// A precheck runs inside the scheduler's completion callbacks, where a throw would strand the
// batch; it becomes that call's failed result instead, like a throw from `execute`.
function failSafe(precheck: PrecheckToolCall): PrecheckToolCall {
  return ({ call }) => {
    try {
      return precheck({ call });
    } catch (error) {
      return envelopeFromError({ error, toolName: call.toolName, cancelled: false });
    }
  };
}
