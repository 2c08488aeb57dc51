import "server-only";
import type { Rerun } from "@/lib/contracts/rerun";
import { findRerunDatasetNames, findRerunForOwner } from "@/lib/db/queries/reruns";
import { NotFoundError } from "@/lib/errors/http-errors";
import { toRerunJson } from "./rerun-json";
import { settleAbandonedRerun } from "./settle-abandoned-rerun";

/** One re-run of the owner with its turn-by-turn comparison, or 404 (another owner's too). */
export async function getRerun(input: { ownerId: string; rerunId: string }): Promise<Rerun> {
  const found = await findRerunForOwner(input);
  if (!found) throw new NotFoundError("Re-run", { rerun_id: input.rerunId });
  const row = await settleAbandonedRerun(found);
  const names = await findRerunDatasetNames({
    ownerId: input.ownerId,
    datasetIds: row.datasetId ? [row.datasetId] : [],
  });
  return toRerunJson(row, row.datasetId ? (names.get(row.datasetId) ?? null) : null);
}
