import { describeError } from "@/hooks/api/api-request-error";
import type { ApprovalDecisionInput } from "@/hooks/use-approval-decision";

type Decision = ApprovalDecisionInput["decision"];

const inFlightText: Record<Decision, string> = {
  approve: "Approving…",
  reject: "Rejecting…",
  modify: "Sending the modified arguments…",
};

const acceptedText: Record<Decision, string> = {
  approve: "Approved — continuing…",
  reject: "Rejected — continuing…",
  modify: "Modified arguments accepted — continuing with them…",
};

/** The card's state as one word, for the page and its tests (`data-state`). */
export function approvalCardState(input: {
  stale: boolean;
  accepted: boolean;
  busy: boolean;
  failed: boolean;
  ready: boolean;
}): string {
  if (input.stale) return "stale";
  if (input.accepted) return "accepted";
  if (input.busy) return "deciding";
  if (input.failed) return "error";
  return input.ready ? "waiting" : "saving";
}

/**
 * Where the decision stands (announced politely), and a refusal other than a stale card or
 * rejected arguments (those are shown where they belong): the run stays paused then.
 */
export function ApprovalCardStatus({
  decision,
  busy,
  accepted,
  ready,
  error,
}: {
  decision: Decision | null;
  busy: boolean;
  accepted: boolean;
  ready: boolean;
  /** A refusal to show here, or null. */
  error: unknown;
}) {
  const described = error ? describeError(error) : null;
  return (
    <>
      <p
        role="status"
        className="text-xs font-medium text-violet-950"
        data-testid="approval-status"
      >
        {busy && decision
          ? inFlightText[decision]
          : accepted && decision
            ? acceptedText[decision]
            : !ready
              ? "Saving the pause… the decision buttons unlock in a moment."
              : ""}
      </p>
      {described ? (
        <div
          role="alert"
          className="rounded border border-red-200 bg-red-50 p-2 text-xs text-red-900"
          data-testid="approval-error"
        >
          The decision was not recorded: {described.message}{" "}
          <code className="rounded bg-red-100 px-1 py-0.5" data-testid="approval-error-code">
            {described.code}
          </code>{" "}
          The run is still paused; you can decide again.
        </div>
      ) : null}
    </>
  );
}
