import type { GraphData } from "../graph/graph-data";
import { decodeGraph } from "../storage/graph-codec";

/**
 * The graph a worker trains on: the decoded graph, or the revision's stored payload (compressed
 * bytes) for the worker to decode itself. The payload is the cheap one to send: a decoded graph
 * is structured-cloned as a second full copy. A wide node table's numbers are one typed matrix
 * (GraphData.nodeNumericColumns: Cora 15.5 MB, one buffer copy); property objects — narrower
 * tables, graphs saved before the matrix existed — are copied key by key.
 */
export type WorkerGraph =
  | { graph: GraphData; graphPayload?: undefined }
  | { graph?: undefined; graphPayload: { bytes: Uint8Array; sha256: string | null } };

/** The decoded graph of a worker request (decoding a payload, checksum checked). */
export function graphOfWorkerInput(input: WorkerGraph): GraphData {
  if (input.graph) return input.graph;
  return decodeGraph({ bytes: input.graphPayload.bytes, sha256: input.graphPayload.sha256 });
}
