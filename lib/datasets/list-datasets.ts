import "server-only";
import {
  listDatasetsWithLatestConstruction,
  listLatestReadyRevisions,
} from "@/lib/db/queries/datasets";
import { getProjectOrThrow } from "../projects/get-project-or-throw";
import { toDatasetJson } from "./dataset-json";

/** Datasets of the owner's project with construction status and loadable revision. */
export async function listDatasets(input: { ownerId: string; projectId: string }) {
  await getProjectOrThrow(input);
  const datasets = await listDatasetsWithLatestConstruction(input);
  const readyRevisions = await listLatestReadyRevisions({
    ownerId: input.ownerId,
    datasetIds: datasets.map((dataset) => dataset.id),
  });
  return datasets.map((dataset) =>
    toDatasetJson({
      dataset,
      latest: dataset.constructions[0],
      readyRevision: readyRevisions.get(dataset.id),
    }),
  );
}
