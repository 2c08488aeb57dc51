import { finishedRunStatuses, isRunBusy } from "@/lib/contracts/run-status";
import type { ChatMessage, RunSummary } from "@/lib/contracts/session";

/** One run of a conversation with the user's messages that asked for it. */
export type ConversationTurn = { run: RunSummary; userMessages: ChatMessage[] };

/** Groups the session's messages under the runs they belong to, in run order. */
export function groupTurns(messages: ChatMessage[], runs: RunSummary[]) {
  const byRun = new Map<string, ChatMessage[]>();
  const loose: ChatMessage[] = [];
  for (const message of [...messages].sort((left, right) => left.position - right.position)) {
    if (message.role !== "user") continue;
    if (message.run_id) byRun.set(message.run_id, [...(byRun.get(message.run_id) ?? []), message]);
    else loose.push(message);
  }
  const turns: ConversationTurn[] = [...runs]
    .sort((left, right) => left.created_at.localeCompare(right.created_at))
    .map((run) => ({ run, userMessages: byRun.get(run.run_id) ?? [] }));
  return { turns, loose };
}

/** A run still worth following live: not finished, saved and (if asked) confirmed stopped. */
export function isLive(run: RunSummary): boolean {
  return isRunBusy({
    runStatus: run.run_status,
    terminalPersisted: run.terminal_persisted,
    cancelStatus: run.cancel_status,
  });
}

/**
 * The turn that may be edited and asked again: the latest one, finished and saved, not already
 * replaced, with a message of the user's to edit — and only while a message may be sent.
 */
export function editableTurn(turns: ConversationTurn[], canSend: boolean): ConversationTurn | null {
  const latest = turns.at(-1);
  if (!latest || !canSend) return null;
  const { run } = latest;
  if (!finishedRunStatuses.has(run.run_status) || !run.terminal_persisted) return null;
  if (run.replaced_by_run_id || latest.userMessages.length === 0) return null;
  return latest;
}

/** The text of a user's message, for editing it again. */
export function messageText(message: ChatMessage): string {
  // Only the text parts: dataset chips are parts too and must not add empty lines.
  return message.parts
    .flatMap((part) => (part.type === "text" && "text" in part ? [String(part.text)] : []))
    .join("\n");
}

/** The datasets a user's message had attached. */
export function messageDatasets(message: ChatMessage): string[] {
  return message.parts.flatMap((part) =>
    part.type === "dataset" && "dataset_id" in part ? [String(part.dataset_id)] : [],
  );
}
