import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { PostgresSourceBody } from "@/lib/contracts/postgres-source";
import { toDatasetJson } from "@/lib/datasets/dataset-json";
import { insertSourceDataset } from "@/lib/db/queries/dataset-sources";
import { checkPostgresSource } from "./check-postgres-source";
import { encryptSourceUrl } from "./postgres-source-secret";

/**
 * Adds a live PostgreSQL database as a dataset of the owner's project. The connection is tried
 * first (SOURCE_UNAVAILABLE: unreachable, refused login, no such schema or table), so a dataset
 * is only created for a source that works; the workbench's own database is refused. The URL is
 * stored encrypted and shown without its password.
 */
export async function addPostgresSource(input: {
  ownerId: string;
  projectId: string;
  body: PostgresSourceBody;
}) {
  const { address } = await checkPostgresSource(input);
  const { source } = input.body;
  const datasetId = randomUUID();
  const name = input.body.name ?? `${address.database} (${source.schema})`;
  const dataset = await insertSourceDataset({
    dataset: {
      id: datasetId,
      ownerId: input.ownerId,
      projectId: input.projectId,
      name,
      originalFilename: address.shownUrl,
      kind: "postgres",
      // Identifies what is read (never the password), so one source added twice is recognisable.
      checksum: createHash("sha256")
        .update(JSON.stringify([address.shownUrl, source.schema, source.tables ?? []]))
        .digest("hex"),
      mediaType: "application/vnd.graph-workbench.postgres-source",
    },
    source: {
      shownUrl: address.shownUrl,
      encryptedUrl: encryptSourceUrl({ url: source.url, ownerId: input.ownerId, datasetId }),
      schemaName: source.schema,
      tables: source.tables ?? [],
    },
  });
  return toDatasetJson({ dataset });
}
