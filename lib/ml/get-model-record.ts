import "server-only";
import type { ModelRecord } from "@/lib/contracts/ml-models";
import { getModelOrThrow } from "./get-model-or-throw";
import { toModelRecordJson } from "./model-json";

/** `GET /api/ml/models/{id}`: the record, curves, final metrics and the file link. */
export async function getModelRecord(input: {
  ownerId: string;
  modelId: string;
}): Promise<ModelRecord> {
  return toModelRecordJson(await getModelOrThrow(input));
}
