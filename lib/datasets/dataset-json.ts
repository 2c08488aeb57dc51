type DatasetRow = {
  id: string;
  name: string;
  originalFilename: string;
  kind: string;
  bytes: number;
  checksum: string;
  nodesDatasetId?: string | null;
  createdAt: Date;
};

type LatestConstruction = {
  revision: number;
  status: "building" | "ready" | "failed";
  errorCode: string | null;
  errorMessage: string | null;
  errorLine: number | null;
  errorColumn: number | null;
};

/** The API shape of a dataset with its construction status (SS-3: upload ≠ construction). */
export function toDatasetJson(input: {
  dataset: DatasetRow;
  latest?: LatestConstruction;
  readyRevision?: number | null;
}) {
  const { dataset, latest } = input;
  return {
    dataset_id: dataset.id,
    name: dataset.name,
    original_filename: dataset.originalFilename,
    kind: dataset.kind,
    bytes: dataset.bytes,
    checksum: dataset.checksum,
    // The node table uploaded with this edge table; a construction uses it unless told otherwise.
    nodes_dataset_id: dataset.nodesDatasetId ?? null,
    status: "uploaded" as const,
    construction_status: latest?.status ?? ("none" as const),
    // The revision an analysis would load: the newest ready one, even while a rebuild runs.
    construction_revision: input.readyRevision ?? null,
    construction_error:
      latest?.status === "failed"
        ? {
            code: latest.errorCode ?? "PARSE_ERROR",
            message: latest.errorMessage ?? "Construction failed.",
            line: latest.errorLine ?? undefined,
            column: latest.errorColumn ?? undefined,
          }
        : null,
    created_at: dataset.createdAt.toISOString(),
  };
}
