import type { AcceptedDecision } from "./approval-card";

const verb: Record<AcceptedDecision["decision"], string> = {
  approve: "approved",
  reject: "rejected",
  modify: "approved with modified arguments",
};

/** What was decided about a step on this page, once the run has moved past it. */
export function ApprovalDecisionNote({ decision }: { decision: AcceptedDecision }) {
  return (
    <p
      className="text-xs text-violet-900"
      data-testid="approval-decision-note"
      data-decision={decision.decision}
    >
      You {verb[decision.decision]} <code className="font-mono">{decision.toolName}</code>; the run
      continued.
    </p>
  );
}
