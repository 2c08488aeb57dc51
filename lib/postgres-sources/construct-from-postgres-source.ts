import "server-only";
import { findDatasetSource } from "@/lib/db/queries/dataset-sources";
import { summarizeGraph } from "@/lib/engine/construction/construct-graph";
import { summarizeRelationalGraph } from "@/lib/engine/construction/sql/relational-summary";
import { NotFoundError } from "@/lib/errors/http-errors";
import { decryptSourceUrl } from "./postgres-source-secret";
import { readPostgresSourceUrl } from "./postgres-source-url";
import { readPostgresSource } from "./read-postgres-source";

// Long enough for a few million rows over a LAN, short enough that a stuck source frees the job.
const sourceStatementTimeoutMs = 120_000;

/**
 * Builds a live-source dataset's graph from the database as it is now: each construct reads the
 * tables again, so each builds the next revision of the data. SOURCE_UNAVAILABLE when the
 * source cannot be read any more (moved, password changed, schema dropped).
 */
export async function constructFromPostgresSource(input: {
  ownerId: string;
  datasetId: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage?: string) => void;
}) {
  const source = await findDatasetSource(input);
  if (!source) throw new NotFoundError("The dataset's source");
  const url = decryptSourceUrl({ stored: source.encryptedUrl, ...input });
  const read = await readPostgresSource({
    request: {
      url,
      address: readPostgresSourceUrl(url),
      schema: source.schemaName,
      tables: source.tables.length > 0 ? source.tables : undefined,
    },
    statementTimeoutMs: sourceStatementTimeoutMs,
    signal: input.signal,
    onProgress: input.onProgress,
  });
  const schemaSummary = summarizeRelationalGraph(read);
  return { graph: read.graph, summary: summarizeGraph({ graph: read.graph, schemaSummary }) };
}
