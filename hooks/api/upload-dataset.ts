import { type Dataset, datasetSchema } from "@/lib/contracts/dataset";
import { postFormWithProgress } from "./post-form-with-progress";

/**
 * Uploads one file as a dataset — or an edge table with its node table, as one dataset linked
 * to its node table — reporting real bytes sent for the progress bar.
 */
export function uploadDataset({
  projectId,
  file,
  nodes,
  signal,
  onProgress,
  onSent,
}: {
  projectId: string;
  file: File;
  /** The node table of the CSV edge table in `file`. */
  nodes?: File;
  signal?: AbortSignal;
  /** Fraction of the request body sent, 0..1. */
  onProgress: (fraction: number) => void;
  /** The whole body is sent; the server is now checking and storing it. */
  onSent: () => void;
}): Promise<Dataset> {
  const form = new FormData();
  form.append("file", file, file.name);
  if (nodes) form.append("nodes", nodes, nodes.name);
  return postFormWithProgress({
    url: `/api/projects/${encodeURIComponent(projectId)}/datasets`,
    form,
    schema: datasetSchema,
    signal,
    onProgress,
    onSent,
    unexpectedShapeMessage:
      "The upload was stored, but the server's answer had an unexpected shape.",
  });
}
