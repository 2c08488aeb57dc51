import type { Rerun, RerunSummary } from "@/lib/contracts/rerun";

/** One line on how far a re-run is and what it found. */
export function rerunProgressText(
  rerun: Pick<Rerun, "status" | "turns_total" | "error_message"> & {
    turns_done?: number;
    changed_turns: number;
  },
): string {
  const questions = rerun.turns_total === 1 ? "question" : "questions";
  switch (rerun.status) {
    case "queued":
      return `Waiting to ask ${rerun.turns_total} ${questions} again…`;
    case "running":
      return `Asking again: ${rerun.turns_done ?? 0} of ${rerun.turns_total} ${questions} answered…`;
    case "failed":
      return rerun.error_message ?? "The re-run stopped.";
    case "done":
      return rerun.changed_turns === 0
        ? `Nothing changed in ${rerun.turns_total} ${questions}.`
        : `${rerun.changed_turns} of ${rerun.turns_total} ${questions} changed.`;
  }
}

/** How many turns of a full re-run changed (the list's summary counts it on the server). */
export function changedTurnsOf(rerun: Rerun): number {
  return rerun.turns.filter((turn) => turn.changed).length;
}

/** The data a re-run asked against, in words: "revision 2 of shop (was 1)". */
export function revisionText(revision: RerunSummary["revision"]): string {
  if (!revision) return "the data as it is now";
  const name = revision.dataset_name ?? revision.dataset_id;
  const was =
    revision.original_revision !== null && revision.original_revision !== revision.revision
      ? ` (was ${revision.original_revision})`
      : "";
  return `revision ${revision.revision} of ${name}${was}`;
}
