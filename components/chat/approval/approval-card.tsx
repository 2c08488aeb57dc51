"use client";

import { useId, useState } from "react";
import { ApiRequestError } from "@/hooks/api/api-request-error";
import type { DecidedApproval, PendingApproval } from "@/hooks/api/run-view";
import { type ApprovalDecisionInput, useApprovalDecision } from "@/hooks/use-approval-decision";
import { ApprovalArgsBlock } from "./approval-args-block";
import { ApprovalArgsEditor } from "./approval-args-editor";
import { ApprovalCardStatus, approvalCardState } from "./approval-card-status";
import { ApprovalDecisionButtons } from "./approval-decision-buttons";
import { ApprovalPreview } from "./approval-preview";
import { ApprovalRejectForm } from "./approval-reject-form";
import { ApprovalStepFacts } from "./approval-step-facts";

/**
 * The step a paused run waits on (AP-2): tool, tool call id, recorded arguments, the previewed
 * effect of an optimisation, and Approve / Reject (with an optional reason) / Modify (argument
 * editor with a diff). Buttons are off while a decision is on its way and after it was accepted;
 * a Modify on its way shows the patched arguments beside the proposal. A stale card (409
 * APPROVAL_CONFLICT: decided elsewhere, or the run moved on) calls `onStale`, which has the run
 * re-read and says so outside the card; arguments that do not fit the tool (400) are shown
 * beside the editor.
 */
export function ApprovalCard({
  runId,
  approval,
  ready,
  onAccepted,
  onStale,
}: {
  runId: string;
  approval: PendingApproval;
  /** The pause is saved; before that the server would refuse a decision. */
  ready: boolean;
  /** The decision the server accepted, with the arguments it will run. */
  onAccepted: (decision: DecidedApproval) => void;
  /** The server's reason the card is stale (409 APPROVAL_CONFLICT). */
  onStale: (message: string) => void;
}) {
  const titleId = useId();
  const panelId = useId();
  const [panel, setPanel] = useState<"modify" | "reject" | null>(null);
  const mutation = useApprovalDecision({
    runId,
    toolCallId: approval.toolCallId,
    toolName: approval.toolName,
  });
  const sent = mutation.variables ?? null;
  const busy = mutation.isPending;
  const accepted = mutation.isSuccess;
  const error = mutation.isError ? mutation.error : null;
  const stale = error instanceof ApiRequestError && error.code === "APPROVAL_CONFLICT";
  const refusedArgs =
    sent?.decision === "modify" &&
    error instanceof ApiRequestError &&
    error.code === "INVALID_REQUEST";
  // A stale card stays usable: the re-read run may still wait on this very step.
  const locked = busy || accepted || !ready;
  const args = approval.args ?? {};
  const patchedOnTheWay = sent?.decision === "modify" && (busy || accepted) ? sent : null;

  const decide = (input: ApprovalDecisionInput) => {
    mutation.mutate(input, {
      onSuccess: () =>
        onAccepted({
          toolCallId: approval.toolCallId,
          toolName: approval.toolName,
          decision: input.decision,
          proposedArgs: args,
          patchedArgs: input.decision === "modify" ? input.patchedArgs : null,
          reason: input.decision === "reject" ? (input.reason ?? null) : null,
        }),
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.code === "APPROVAL_CONFLICT") {
          onStale(failure.message);
        }
      },
    });
  };

  const togglePanel = (next: "modify" | "reject") => {
    if (mutation.isError && !refusedArgs) mutation.reset();
    setPanel((current) => (current === next ? null : next));
  };

  return (
    <section
      aria-labelledby={titleId}
      data-testid="approval-card"
      data-tool-call-id={approval.toolCallId}
      data-tool-name={approval.toolName}
      data-state={approvalCardState({ stale, accepted, busy, failed: error !== null, ready })}
      data-decision={accepted || busy ? (sent?.decision ?? "") : ""}
      className="space-y-3 rounded-lg border border-violet-300 bg-violet-50 p-3 text-sm text-slate-900 shadow-sm"
    >
      <ApprovalStepFacts
        titleId={titleId}
        toolName={approval.toolName}
        toolCallId={approval.toolCallId}
        args={args}
      />
      {patchedOnTheWay ? (
        <ApprovalArgsBlock
          label="Patched arguments (these run instead)"
          args={patchedOnTheWay.patchedArgs}
          testId="approval-patched-args"
          tone="patched"
        />
      ) : null}
      <ApprovalPreview preview={approval.preview} />
      <ApprovalDecisionButtons
        toolName={approval.toolName}
        locked={locked}
        approving={busy && sent?.decision === "approve"}
        panel={panel}
        panelId={panelId}
        onApprove={() => decide({ decision: "approve" })}
        onToggle={togglePanel}
      />
      <div id={panelId}>
        {panel === "modify" && !accepted ? (
          <ApprovalArgsEditor
            proposed={args}
            busy={busy}
            serverError={refusedArgs ? error : null}
            onSubmit={(patchedArgs) => decide({ decision: "modify", patchedArgs })}
            onCancel={() => setPanel(null)}
          />
        ) : null}
        {panel === "reject" && !accepted ? (
          <ApprovalRejectForm
            busy={busy}
            onSubmit={(reason) => decide({ decision: "reject", reason: reason || undefined })}
            onCancel={() => setPanel(null)}
          />
        ) : null}
      </div>
      <ApprovalCardStatus
        decision={sent?.decision ?? null}
        busy={busy}
        accepted={accepted}
        ready={ready}
        error={error && !stale && !refusedArgs ? error : null}
      />
    </section>
  );
}
