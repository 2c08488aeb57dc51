"use client";

import { useId, useState } from "react";
import { ApiRequestError, describeError } from "@/hooks/api/api-request-error";
import type { PendingApproval } from "@/hooks/api/run-view";
import { type ApprovalDecisionInput, useApprovalDecision } from "@/hooks/use-approval-decision";
import { primaryButtonClass, secondaryButtonClass } from "../ui/button-styles";
import { ApprovalArgsEditor } from "./approval-args-editor";
import { ApprovalPreview } from "./approval-preview";
import { ApprovalRejectForm } from "./approval-reject-form";

/** A decision the server accepted; the run continues with it. */
export type AcceptedDecision = {
  toolCallId: string;
  toolName: string;
  decision: ApprovalDecisionInput["decision"];
};

// What each gated tool does, in words, so the person knows what they approve (AP-1).
const toolEffect: Record<string, string> = {
  clear_graph:
    "Unloads every graph version from this conversation. Saved datasets and constructions are kept; a graph can be loaded again.",
  commit_graph_optimization:
    "Saves the edited graph as a new revision of the dataset and loads it. The base revision stays.",
};

const inFlightText: Record<ApprovalDecisionInput["decision"], string> = {
  approve: "Approving…",
  reject: "Rejecting…",
  modify: "Sending the modified arguments…",
};

const acceptedText: Record<ApprovalDecisionInput["decision"], string> = {
  approve: "Approved — continuing…",
  reject: "Rejected — continuing…",
  modify: "Modified arguments accepted — continuing…",
};

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "null";
  } catch {
    return String(value);
  }
}

/**
 * The step a paused run waits on (AP-2): tool, recorded arguments, the previewed effect of an
 * optimisation, and Approve / Reject (with an optional reason) / Modify (argument editor with a
 * diff). Buttons are off while a decision is on its way and after it was accepted. A stale card
 * (409 APPROVAL_CONFLICT: decided elsewhere, or the run moved on) calls `onStale`, which has the
 * run re-read and says so outside the card (the card goes once the run has moved on);
 * arguments that do not fit the tool (400) are shown beside the editor.
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
  onAccepted: (decision: AcceptedDecision) => void;
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
  const pendingDecision = mutation.variables?.decision ?? null;
  const busy = mutation.isPending;
  const accepted = mutation.isSuccess;
  const error = mutation.isError ? mutation.error : null;
  const stale = error instanceof ApiRequestError && error.code === "APPROVAL_CONFLICT";
  const refusedArgs =
    pendingDecision === "modify" &&
    error instanceof ApiRequestError &&
    error.code === "INVALID_REQUEST";
  // A stale card stays usable: the re-read run may still wait on this very step.
  const locked = busy || accepted || !ready;
  const args = approval.args ?? {};

  const decide = (input: ApprovalDecisionInput) => {
    mutation.mutate(input, {
      onSuccess: () =>
        onAccepted({
          toolCallId: approval.toolCallId,
          toolName: approval.toolName,
          decision: input.decision,
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
      data-state={
        stale
          ? "stale"
          : accepted
            ? "accepted"
            : busy
              ? "deciding"
              : error
                ? "error"
                : ready
                  ? "waiting"
                  : "saving"
      }
      data-decision={accepted || busy ? (pendingDecision ?? "") : ""}
      className="space-y-3 rounded-lg border border-violet-300 bg-violet-50 p-3 text-sm text-slate-900 shadow-sm"
    >
      <header className="space-y-1">
        <h3 id={titleId} className="font-semibold text-violet-950">
          Approval needed:{" "}
          <code className="font-mono" data-testid="approval-tool-name">
            {approval.toolName}
          </code>
        </h3>
        <p className="text-xs text-violet-950">
          {toolEffect[approval.toolName] ??
            "This step changes data, so the agent paused before running it."}{" "}
          The run waits for your decision; nothing else runs meanwhile.
        </p>
      </header>
      <div className="space-y-1">
        <p className="text-xs font-medium text-slate-700">Proposed arguments</p>
        <pre
          className="max-h-60 overflow-auto rounded bg-white p-2 font-mono text-[11px] text-slate-800 ring-1 ring-slate-200"
          data-testid="approval-args"
        >
          {prettyJson(args)}
        </pre>
        {Object.keys(args).length === 0 ? (
          <p className="text-xs text-slate-600">This step takes no arguments.</p>
        ) : null}
      </div>
      <ApprovalPreview preview={approval.preview} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Decision about {approval.toolName}</legend>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={locked}
          aria-busy={busy && pendingDecision === "approve"}
          onClick={() => decide({ decision: "approve" })}
          data-testid="approval-approve"
        >
          Approve
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={locked}
          aria-expanded={panel === "reject"}
          aria-controls={panelId}
          onClick={() => togglePanel("reject")}
          data-testid="approval-reject"
        >
          Reject…
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={locked}
          aria-expanded={panel === "modify"}
          aria-controls={panelId}
          onClick={() => togglePanel("modify")}
          data-testid="approval-modify"
        >
          Modify…
        </button>
      </fieldset>
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
      <p
        role="status"
        className="text-xs font-medium text-violet-950"
        data-testid="approval-status"
      >
        {busy && pendingDecision
          ? inFlightText[pendingDecision]
          : accepted && pendingDecision
            ? acceptedText[pendingDecision]
            : !ready
              ? "Saving the pause… the decision buttons unlock in a moment."
              : ""}
      </p>
      {error && !stale && !refusedArgs ? (
        <div
          role="alert"
          className="rounded border border-red-200 bg-red-50 p-2 text-xs text-red-900"
          data-testid="approval-error"
        >
          The decision was not recorded: {describeError(error).message}{" "}
          <code className="rounded bg-red-100 px-1 py-0.5" data-testid="approval-error-code">
            {describeError(error).code}
          </code>{" "}
          The run is still paused; you can decide again.
        </div>
      ) : null}
    </section>
  );
}
