import "server-only";
import { loadConstructionGraph } from "@/lib/constructions/load-construction-graph";
import type { GraphExportQuery } from "@/lib/contracts/graph-export";
import { getDatasetOrThrow } from "@/lib/datasets/get-dataset-or-throw";
import { exportFileName } from "./export-file-name";
import { graphExportWriters } from "./graph-export-formats";
import { graphExportChunks, graphExportWebStream } from "./graph-export-stream";

/**
 * A saved revision of the owner's dataset as a download: the name, media type and a stream
 * that writes the file as it is read. Another owner's dataset → 404 NOT_FOUND (as every dataset
 * route); no ready construction, or no such revision → 404 NOT_FOUND naming it. Both are
 * checked before the first byte, so a download never starts and then fails for those.
 */
export async function exportDatasetGraph(input: {
  ownerId: string;
  datasetId: string;
  query: GraphExportQuery;
}) {
  const dataset = await getDatasetOrThrow(input);
  const { construction, graph } = await loadConstructionGraph({
    ownerId: input.ownerId,
    datasetId: input.datasetId,
    revision: input.query.revision,
  });
  const { format } = input.query;
  return {
    name: exportFileName({ base: dataset.name, revision: construction.revision, format }),
    contentType: graphExportWriters[format].contentType,
    body: graphExportWebStream(graphExportChunks({ graph, format })),
  };
}
