import "server-only";
import { listDatasets } from "@/lib/datasets/list-datasets";
import { listConstructionsForDataset } from "@/lib/db/queries/constructions";
import { InvalidRequestError, NotFoundError } from "@/lib/errors/http-errors";
import type { ConversationTurn } from "./conversation-turns";

/** The data a re-run asks against, and the revision each dataset is held to. */
export type RerunRevisionChoice = {
  datasetId: string | null;
  datasetName: string | null;
  revision: number | null;
  /** The revision of that dataset the original conversation loaded last. */
  originalRevision: number | null;
  /** `{dataset_id: revision}` for every dataset the conversation used that has a ready revision. */
  pins: Record<string, number>;
};

/** The datasets a conversation used, first-used first: what it loaded, attached, was bound to. */
function usedDatasetIds(input: { turns: ConversationTurn[]; activeDatasetId: string | null }) {
  const ids = new Set<string>();
  for (const turn of input.turns) {
    for (const loaded of turn.loaded) ids.add(loaded.datasetId);
    for (const id of turn.attachments) ids.add(id);
  }
  if (input.activeDatasetId) ids.add(input.activeDatasetId);
  return [...ids];
}

/**
 * Chooses what a re-run is asked against: the dataset named (it must be the owner's, in the
 * conversation's project — else 404), or the first one the original used; at the revision named
 * (a ready one — else 404), or that dataset's latest ready revision. The other datasets the
 * original used are held to their latest ready revision too, so a build finishing half-way
 * through the re-run does not change the data under its later turns.
 */
export async function resolveRerunRevision(input: {
  ownerId: string;
  projectId: string;
  turns: ConversationTurn[];
  activeDatasetId: string | null;
  datasetId?: string;
  revision?: number;
}): Promise<RerunRevisionChoice> {
  const datasets = await listDatasets({ ownerId: input.ownerId, projectId: input.projectId });
  const byId = new Map(datasets.map((dataset) => [dataset.dataset_id, dataset]));
  if (input.datasetId !== undefined && !byId.has(input.datasetId)) {
    throw new NotFoundError("Dataset", { dataset_id: input.datasetId });
  }
  const used = usedDatasetIds(input).filter((id) => byId.has(id));
  const datasetId = input.datasetId ?? used[0] ?? null;
  if (datasetId === null) {
    if (input.revision !== undefined) {
      throw new InvalidRequestError(
        "This conversation used no dataset: name the dataset the revision belongs to.",
        { issues: [{ path: "dataset_id", message: "Required with a revision." }] },
      );
    }
    return { datasetId: null, datasetName: null, revision: null, originalRevision: null, pins: {} };
  }
  const pins: Record<string, number> = {};
  for (const id of used) {
    const latest = byId.get(id)?.construction_revision;
    if (typeof latest === "number") pins[id] = latest;
  }
  let revision = byId.get(datasetId)?.construction_revision ?? null;
  if (input.revision !== undefined) {
    const constructions = await listConstructionsForDataset({ ownerId: input.ownerId, datasetId });
    const ready = constructions.some(
      (construction) => construction.revision === input.revision && construction.status === "ready",
    );
    if (!ready)
      throw new NotFoundError("Revision", { dataset_id: datasetId, revision: input.revision });
    revision = input.revision;
  }
  if (revision !== null) pins[datasetId] = revision;
  const originalRevision =
    input.turns
      .flatMap((turn) => turn.loaded)
      .filter((loaded) => loaded.datasetId === datasetId && loaded.revision !== null)
      .at(-1)?.revision ?? null;
  return {
    datasetId,
    datasetName: byId.get(datasetId)?.name ?? null,
    revision,
    originalRevision,
    pins,
  };
}
