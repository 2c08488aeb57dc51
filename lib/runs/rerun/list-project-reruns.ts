import "server-only";
import type { RerunSummary } from "@/lib/contracts/rerun";
import { findRerunDatasetNames, listRerunsForProject } from "@/lib/db/queries/reruns";
import { getProjectOrThrow } from "@/lib/projects/get-project-or-throw";
import { toRerunSummaryJson } from "./rerun-json";
import { settleAbandonedRerun } from "./settle-abandoned-rerun";

/** The re-runs of the owner's project, newest first, each with how many turns changed. */
export async function listProjectReruns(input: {
  ownerId: string;
  projectId: string;
}): Promise<{ reruns: RerunSummary[] }> {
  await getProjectOrThrow(input);
  const rows = await Promise.all((await listRerunsForProject(input)).map(settleAbandonedRerun));
  const names = await findRerunDatasetNames({
    ownerId: input.ownerId,
    datasetIds: [...new Set(rows.flatMap((row) => (row.datasetId ? [row.datasetId] : [])))],
  });
  return {
    reruns: rows.map((row) =>
      toRerunSummaryJson(row, row.datasetId ? (names.get(row.datasetId) ?? null) : null),
    ),
  };
}
