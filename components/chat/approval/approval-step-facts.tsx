import { ApprovalArgsBlock } from "./approval-args-block";

// What each gated tool does, in words, so the person knows what they approve (AP-1).
const toolEffect: Record<string, string> = {
  clear_graph:
    "Unloads every graph version from this conversation. Saved datasets and constructions are kept; a graph can be loaded again.",
  commit_graph_optimization:
    "Saves the edited graph as a new revision of the dataset and loads it. The base revision stays.",
};

/**
 * The facts of a waiting step (AP-2): which tool, which call (its id, as the run's events and
 * snapshot name it), what it does, and the arguments the model proposed.
 */
export function ApprovalStepFacts({
  titleId,
  toolName,
  toolCallId,
  args,
}: {
  titleId: string;
  toolName: string;
  toolCallId: string;
  args: Record<string, unknown>;
}) {
  return (
    <>
      <header className="space-y-1">
        <h3 id={titleId} className="font-semibold text-violet-950">
          Approval needed:{" "}
          <code className="font-mono" data-testid="approval-tool-name">
            {toolName}
          </code>
        </h3>
        <p className="text-xs text-violet-950">
          Tool call{" "}
          <code className="break-all font-mono" data-testid="approval-tool-call-id">
            {toolCallId}
          </code>
        </p>
        <p className="text-xs text-violet-950">
          {toolEffect[toolName] ?? "This step changes data, so the agent paused before running it."}{" "}
          The run waits for your decision; nothing else runs meanwhile.
        </p>
      </header>
      <ApprovalArgsBlock label="Proposed arguments" args={args} testId="approval-args" />
    </>
  );
}
