import type { GraphData } from "../graph/graph-data";
import { decodeGraph } from "../storage/graph-codec";

/**
 * The graph a worker trains on: the decoded graph, or the revision's stored payload (compressed
 * bytes) for the worker to decode itself. The payload is the cheap one to send: a decoded graph
 * with wide node properties (Cora: 2,708 nodes × 1,434 keys) is structured-cloned as a second
 * full copy, which doubled the serving process's memory during a training.
 */
export type WorkerGraph =
  | { graph: GraphData; graphPayload?: undefined }
  | { graph?: undefined; graphPayload: { bytes: Uint8Array; sha256: string | null } };

/** The decoded graph of a worker request (decoding a payload, checksum checked). */
export function graphOfWorkerInput(input: WorkerGraph): GraphData {
  if (input.graph) return input.graph;
  return decodeGraph({ bytes: input.graphPayload.bytes, sha256: input.graphPayload.sha256 });
}
