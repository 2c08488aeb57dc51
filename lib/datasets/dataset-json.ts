import type { Dataset } from "@/lib/contracts/dataset";

type DatasetRow = {
  id: string;
  name: string;
  originalFilename: string;
  kind: Dataset["kind"];
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
}): Dataset {
  const { dataset, latest } = input;
  return {
    dataset_id: dataset.id,
    name: dataset.name,
    original_filename: dataset.originalFilename,
    kind: dataset.kind,
    bytes: dataset.bytes,
    checksum: dataset.checksum,
    nodes_dataset_id: dataset.nodesDatasetId ?? null,
    status: "uploaded",
    construction_status: latest?.status ?? "none",
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
