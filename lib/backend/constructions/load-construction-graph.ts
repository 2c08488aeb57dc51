import "server-only";
import { findReadyConstructionWithPayload } from "@/lib/db/queries/constructions";
import { decodeGraph } from "@/lib/engine/storage/graph-codec";
import { ApiError } from "@/lib/errors/api-error";

/**
 * The saved graph of a ready construction revision (the newest ready one by default): a
 * `ready` construction is loaded, never rebuilt (SS-3).
 */
export async function loadConstructionGraph(input: {
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
  const graph = decodeGraph({ bytes: construction.payload, sha256: construction.payloadSha256 });
  return { construction, graph };
}
