import "server-only";
import { onRevisionReady } from "@/lib/constructions/revision-ready-listeners";
import { findLatestRevision } from "@/lib/db/queries/constructions";
import { advanceWatchRevision, listWatchesOfDataset } from "@/lib/db/queries/session-watches";
import { ApiError } from "@/lib/errors/api-error";
import { startRerun } from "./start-rerun";

/** The start_request_id of a watch's re-run: one per watch and revision, whoever fires first. */
export function watchStartRequestId(input: { watchId: string; revision: number }): string {
  return `watch-${input.watchId}-revision-${input.revision}`;
}

/**
 * Starts a re-run for every watch whose dataset has a ready revision newer than the one it last
 * answered (one dataset's watches, or all). Idempotent: the re-run's start_request_id is the
 * watch and revision, so two firings for one revision make one re-run. A watch is moved on only
 * after its re-run was recorded, so a failure is tried again at the next firing.
 */
export async function fireWatches(input: { datasetId?: string } = {}): Promise<string[]> {
  const started: string[] = [];
  for (const watch of await listWatchesOfDataset(input)) {
    const latest = await findLatestRevision({ ownerId: watch.ownerId, datasetId: watch.datasetId });
    if (latest === null || latest <= watch.lastRevision) continue;
    try {
      const { rerun } = await startRerun({
        ownerId: watch.ownerId,
        sessionId: watch.sessionId,
        body: {
          start_request_id: watchStartRequestId({ watchId: watch.id, revision: latest }),
          dataset_id: watch.datasetId,
          revision: latest,
        },
        trigger: "watch",
        watchId: watch.id,
      });
      started.push(rerun.rerun_id);
    } catch (error) {
      // A conversation with nothing to ask again (or a revision gone) has nothing to re-run for
      // this revision; anything else (the database) is tried again next time.
      if (!ApiError.isInstance(error)) throw error;
      console.warn(`watch ${watch.id}: no re-run for revision ${latest}: ${error.message}`);
    }
    await advanceWatchRevision({ watchId: watch.id, revision: latest });
  }
  return started;
}

/**
 * Wires watches into this process: every revision that becomes ready here fires its dataset's
 * watches, and the revisions that became ready while no process listened are caught up now.
 */
export async function startRevisionWatches(): Promise<void> {
  onRevisionReady({
    name: "session-watches",
    listener: async (revision) => {
      await fireWatches({ datasetId: revision.datasetId });
    },
  });
  // A failed catch-up never stops the process: the next ready revision fires the watches again.
  await fireWatches().catch((error) =>
    console.warn("workbench: watched conversations could not be caught up:", error),
  );
}
