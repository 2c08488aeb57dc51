import {
  type ConstructGraphInput,
  type ConstructionSummary,
  constructGraph,
  type UploadContent,
} from "../construction/construct-graph";
import type { GraphData } from "../graph/graph-data";
import type { KernelPool } from "./kernel-pool";

/**
 * Uploads at least this large (characters or bytes, edge and node tables together) are parsed
 * in the kernel pool: a 1M-edge TXT file (13 MB) parses in about half a second, which would
 * hold the serving thread; a file under 1 MB parses within one pacing slice.
 */
export const poolMinimumUploadSize = 1024 * 1024;

/**
 * constructGraph, in the kernel pool when there is one and the upload is a large text or graph
 * file or SQLite database (sql.js reads synchronously: a large file would hold this thread),
 * else on this thread; the same graph and the same errors either way. SQL dumps stay here: they
 * run in their own sandbox worker already and report progress from it.
 */
export function constructGraphInPool(input: {
  construction: ConstructGraphInput;
  pool: KernelPool | null;
}): Promise<{ graph: GraphData; summary: ConstructionSummary }> {
  const { construction, pool } = input;
  if (!pool || construction.kind === "sql" || uploadSize(construction) < poolMinimumUploadSize) {
    return constructGraph(construction);
  }
  const { signal, onProgress: _progress, ...rest } = construction;
  return pool.construct(rest, signal);
}

function uploadSize(input: ConstructGraphInput): number {
  const sizeOf = (content: UploadContent | undefined) => content?.length ?? 0;
  return (
    sizeOf(input.text) +
    sizeOf(input.nodesText) +
    sizeOf(input.texts?.edges) +
    sizeOf(input.texts?.nodes)
  );
}
