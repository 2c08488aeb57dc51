import "server-only";
import { listConstructionsForDataset } from "@/lib/db/queries/constructions";
import { getDatasetOrThrow } from "../datasets/get-dataset-or-throw";
import { toConstructionJson } from "./construction-json";

/** Every construction revision of the owner's dataset, newest first. */
export async function listConstructions(input: { ownerId: string; datasetId: string }) {
  await getDatasetOrThrow(input);
  const constructions = await listConstructionsForDataset(input);
  return constructions.map(toConstructionJson);
}
