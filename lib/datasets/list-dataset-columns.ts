import "server-only";
import type { DatasetColumn } from "@/lib/contracts/dataset-columns";
import { describeEdgeTableColumns } from "@/lib/engine/construction/csv/edge-table-columns";
import { EngineError } from "@/lib/engine/engine-error";
import { readStoredUploadHead } from "./dataset-storage";
import { getDatasetOrThrow } from "./get-dataset-or-throw";

// Enough rows to tell numbers from text in practice, without reading a large upload whole.
const sampleBytes = 256 * 1024;

/**
 * The columns of the owner's CSV dataset read as an edge table (from its first rows), for the
 * weight-column choice; none for any other kind, or a table too broken to read (the build says
 * why, with the line).
 */
export async function listDatasetColumns(input: {
  ownerId: string;
  datasetId: string;
}): Promise<DatasetColumn[]> {
  const dataset = await getDatasetOrThrow(input);
  if (dataset.kind !== "csv") return [];
  const head = await readStoredUploadHead({ dataset, maxBytes: sampleBytes });
  try {
    return describeEdgeTableColumns(head);
  } catch (error) {
    if (EngineError.isInstance(error)) return [];
    throw error;
  }
}
