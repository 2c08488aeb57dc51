import "server-only";
import { findReadyConstructionWithPayload } from "@/lib/db/queries/constructions";
import { ApiError } from "@/lib/errors/api-error";

/**
 * The stored (compressed) graph of a ready construction revision, not decoded: for a job that
 * hands it to a worker thread, which decodes it there (the newest ready revision by default).
 */
export async function loadConstructionPayload(input: {
  ownerId: string;
  datasetId: string;
  revision?: number;
}) {
  const construction = await findReadyConstructionWithPayload(input);
  if (!construction?.payload) {
    throw new ApiError({
      code: "NOT_FOUND",
      message:
        input.revision === undefined
          ? `Dataset ${input.datasetId} has no ready construction. Build it with construct_graph first.`
          : `Dataset ${input.datasetId} has no ready construction revision ${input.revision}.`,
      details: { dataset_id: input.datasetId, revision: input.revision ?? null },
    });
  }
  return {
    construction,
    payload: { bytes: construction.payload, sha256: construction.payloadSha256 },
  };
}
