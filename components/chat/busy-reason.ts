import type { SessionSnapshot } from "@/hooks/api/session-schema";

/** Why the message box is disabled, in words (null when a message may be sent). */
export function busyReason(snapshot: SessionSnapshot): string | null {
  if (snapshot.can_send) return null;
  const active = snapshot.active_run;
  if (snapshot.pending_approval || active?.run_status === "paused") {
    return "The agent paused for an approval of a step that changes data; you can send again once it is decided.";
  }
  if (
    active &&
    !["preparing", "running"].includes(active.run_status) &&
    !active.terminal_persisted
  ) {
    return "Saving the last answer… you can send in a moment.";
  }
  return "The agent is still answering the last message of this conversation; you can send the next one when it finishes.";
}
