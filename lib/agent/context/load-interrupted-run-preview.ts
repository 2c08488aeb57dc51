import "server-only";
import { findPreviousRunIfStatus } from "@/lib/db/queries/run-tool-history";
import {
  buildInterruptedRunPreview,
  type InterruptedRunPreview,
  unfinishedRunStatuses,
} from "./interrupted-run-preview";

/**
 * The carry-over of the session's previous run when it did not finish (interrupted, cancelled
 * or failed): a bounded, labelled preview for this run's prompt, or null when the previous run
 * completed or there is none. Read only — nothing of that run is written anywhere (MEM-4).
 */
export async function loadInterruptedRunPreview(input: {
  sessionId: string;
  runId: string;
}): Promise<InterruptedRunPreview | null> {
  const previous = await findPreviousRunIfStatus({
    sessionId: input.sessionId,
    beforeRunId: input.runId,
    statuses: unfinishedRunStatuses,
  });
  if (!previous) return null;
  return buildInterruptedRunPreview({
    run: {
      runId: previous.id,
      runStatus: previous.runStatus,
      partialText: previous.partialText,
      toolCalls: previous.toolCalls,
    },
  });
}
