import "server-only";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/**
 * What the approval card shows beside a gated call (AP-2, AP-5): for an optimisation commit, the
 * effect of previewing the very same operations on the same base revision (read-only, nothing
 * saved), so the reviewer sees which nodes and edges it touches. Other gated calls need none.
 */
export async function previewForApproval(input: {
  gated: ToolCallOutcome;
  execute: (call: PlannedToolCall, signal: AbortSignal) => Promise<ToolEnvelope>;
  signal: AbortSignal;
}): Promise<unknown> {
  if (input.gated.toolName !== "commit_graph_optimization") return null;
  const { dataset_id, base_revision, operations } = input.gated.args;
  try {
    const envelope = await input.execute(
      {
        toolCallId: `${input.gated.toolCallId}:preview`,
        toolName: "preview_graph_optimization",
        args: { dataset_id, base_revision, operations },
      },
      input.signal,
    );
    return envelope.success
      ? { tool_name: "preview_graph_optimization", data: envelope.data ?? null }
      : {
          tool_name: "preview_graph_optimization",
          error_code: envelope.error_code ?? null,
          message: envelope.message ?? null,
        };
  } catch (error) {
    // The card still shows the arguments; a missing preview must not lose the pause itself.
    return {
      tool_name: "preview_graph_optimization",
      error_code: "PREVIEW_FAILED",
      message: error instanceof Error ? error.message : String(error),
    };
  }
}
