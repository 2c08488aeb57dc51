import { executingRunStatuses, isStopAsked } from "@/lib/contracts/run-status";
import type { SessionSnapshot } from "@/lib/contracts/session";

/** The tool name of the session's pending approval, if the snapshot names one. */
function pendingToolName(snapshot: SessionSnapshot): string | null {
  const pending = snapshot.pending_approval;
  if (!pending || typeof pending !== "object") return null;
  const name = (pending as { tool_name?: unknown }).tool_name;
  return typeof name === "string" ? name : null;
}

/**
 * Why the message box is disabled, in words (null when a message may be sent). Stop is named
 * only when this server offers it (`canStop`, the `run_cancel_v1` capability).
 */
export function busyReason(
  snapshot: SessionSnapshot,
  { canStop }: { canStop: boolean } = { canStop: false },
): string | null {
  if (snapshot.can_send) return null;
  const active = snapshot.active_run;
  if (isStopAsked(active?.cancel_status)) {
    return "Stopping the run… you can send again once it has stopped.";
  }
  if (snapshot.pending_approval || active?.run_status === "paused") {
    const tool = pendingToolName(snapshot);
    return `The agent is waiting for your approval${tool ? ` of ${tool}` : " of a step that changes data"}: approve, reject or modify it above${canStop ? " (or stop the run)" : ""}. You can send again once it is decided.`;
  }
  if (active && !executingRunStatuses.has(active.run_status) && !active.terminal_persisted) {
    return "Saving the last answer… you can send in a moment.";
  }
  return "The agent is still answering the last message of this conversation; you can send the next one when it finishes.";
}
