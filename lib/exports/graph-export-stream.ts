import { Readable } from "node:stream";
import type { GraphExportFormat } from "@/lib/contracts/graph-export";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { buildExportModel, type NodeMeasureColumn } from "./export-model";
import { graphExportWriters } from "./graph-export-formats";

/** A graph written in one format as a lazy sequence of byte chunks (nothing is written ahead). */
export function* graphExportChunks(input: {
  graph: GraphData;
  format: GraphExportFormat;
  measures?: NodeMeasureColumn[];
}): Generator<Uint8Array> {
  const writer = graphExportWriters[input.format];
  const model = buildExportModel({
    graph: input.graph,
    naming: writer.naming,
    measures: input.measures,
  });
  const encoder = new TextEncoder();
  for (const chunk of writer.write(model)) {
    if (typeof chunk !== "string") yield chunk;
    else if (chunk.length > 0) yield encoder.encode(chunk);
  }
}

/**
 * A web stream over the chunks, pulled one at a time: the next chunk is written only when the
 * client has taken the last, so a slow download of a 10M-edge graph holds one chunk, not the
 * file. Cancelling the download (the client went away) stops the writer.
 */
export function graphExportWebStream(chunks: Generator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** The chunks as a Node stream (for writing a workspace file). */
export function graphExportNodeStream(chunks: Generator<Uint8Array>): Readable {
  return Readable.from(chunks, { objectMode: false });
}
