import { useId } from "react";
import type { DecidedApproval } from "@/hooks/api/run-view";
import { ApprovalArgsBlock } from "./approval-args-block";
import { ApprovalArgsDiff } from "./approval-args-diff";
import { diffArgs } from "./args-diff";

const verb: Record<DecidedApproval["decision"], string> = {
  approve: "approved",
  reject: "rejected",
  modify: "approved with modified arguments",
};

/**
 * What was decided about a step once the run moved past it (AP-3), from the saved run (so it
 * survives a refresh) or from this page's own decision until the run is re-read: the tool call
 * id, the arguments the model proposed and, after a Modify, the patched ones that ran instead,
 * with the keys that differ.
 */
export function ApprovalDecisionNote({ decision }: { decision: DecidedApproval }) {
  const diffId = useId();
  const patched = decision.decision === "modify" ? decision.patchedArgs : null;
  return (
    <section
      className="space-y-2 rounded-lg border border-violet-200 bg-white p-3 text-xs text-violet-950"
      aria-label={`Decision about ${decision.toolName}`}
      data-testid="approval-decision-note"
      data-decision={decision.decision}
      data-tool-call-id={decision.toolCallId}
    >
      <p data-testid="approval-decision-summary">
        <code className="font-mono">{decision.toolName}</code> was {verb[decision.decision]}; the
        run continued
        {decision.decision === "reject" ? " without it" : patched ? " with the patched ones" : ""}.
        {decision.reason ? ` Reason: ${decision.reason}` : ""}
      </p>
      <p>
        Tool call{" "}
        <code className="break-all font-mono" data-testid="approval-decision-tool-call-id">
          {decision.toolCallId}
        </code>
      </p>
      <div className={patched ? "grid gap-2 md:grid-cols-2" : ""}>
        <ApprovalArgsBlock
          label={
            decision.decision === "approve"
              ? "Arguments (ran as proposed)"
              : "Proposed arguments (not run)"
          }
          args={decision.proposedArgs}
          testId="approval-decision-proposed-args"
        />
        {patched ? (
          <ApprovalArgsBlock
            label="Patched arguments (ran)"
            args={patched}
            testId="approval-decision-patched-args"
            tone="patched"
          />
        ) : null}
      </div>
      {patched ? (
        <ApprovalArgsDiff
          changes={diffArgs({ proposed: decision.proposedArgs, edited: patched })}
          id={diffId}
        />
      ) : null}
    </section>
  );
}
