import "server-only";
import type { Rerun } from "@/lib/contracts/rerun";
import { findRerunDatasetNames, findRerunForOwner } from "@/lib/db/queries/reruns";
import { NotFoundError } from "@/lib/errors/http-errors";
import { toRerunJson } from "./rerun-json";

/** One re-run of the owner with its turn-by-turn comparison, or 404 (another owner's too). */
export async function getRerun(input: { ownerId: string; rerunId: string }): Promise<Rerun> {
  const row = await findRerunForOwner(input);
  if (!row) throw new NotFoundError("Re-run", { rerun_id: input.rerunId });
  const names = await findRerunDatasetNames({
    ownerId: input.ownerId,
    datasetIds: row.datasetId ? [row.datasetId] : [],
  });
  return toRerunJson(row, row.datasetId ? (names.get(row.datasetId) ?? null) : null);
}
