import "server-only";
import { decodeGraph } from "@/lib/engine/storage/graph-codec";
import { loadConstructionPayload } from "./load-construction-payload";

/**
 * The saved graph of a ready construction revision (the newest ready one by default): a
 * `ready` construction is loaded, never rebuilt (SS-3).
 */
export async function loadConstructionGraph(input: {
  ownerId: string;
  datasetId: string;
  revision?: number;
}) {
  const { construction, payload } = await loadConstructionPayload(input);
  const graph = decodeGraph(payload);
  return { construction, graph };
}
