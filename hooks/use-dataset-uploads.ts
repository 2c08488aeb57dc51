"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Dataset } from "@/lib/contracts/dataset";
import { planUploads } from "@/lib/datasets/upload-pairs";
import { describeError } from "./api/api-request-error";
import { checkUploadFile } from "./api/check-upload-file";
import { uploadDataset } from "./api/upload-dataset";
import { queryKeys } from "./query-keys";

export type UploadPhase = "uploading" | "processing" | "succeeded" | "failed";

export type DatasetUpload = {
  uploadId: string;
  projectId: string;
  fileName: string;
  /** The node table sent with the edge table `fileName`, as one dataset. */
  nodesFileName: string | null;
  /** Bytes of every file in the request. */
  bytes: number;
  phase: UploadPhase;
  /** 0..100, bytes of the request body sent so far. */
  percent: number;
  /** True when the browser refused the file without sending it. */
  checkedLocally: boolean;
  error: { code: string; message: string } | null;
  dataset: Dataset | null;
};

/**
 * Uploads files in parallel and keeps each one's progress and outcome for display. An edge
 * table chosen together with its node table (see planUploads) goes up as one request, one
 * dataset, with one progress bar naming both files.
 */
export function useDatasetUploads({ maxBytes }: { maxBytes: number | undefined }) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<DatasetUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // A counter, not crypto.randomUUID: that exists only in secure contexts (not http://<lan-ip>).
  const nextUploadNumber = useRef(0);

  // Leaving the page must not leave requests running that nobody will ever show.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((uploadId: string, change: Partial<DatasetUpload>) => {
    setUploads((current) =>
      current.map((upload) => (upload.uploadId === uploadId ? { ...upload, ...change } : upload)),
    );
  }, []);

  const startUploads = useCallback(
    async ({ projectId, files }: { projectId: string; files: File[] }) => {
      const localErrors = files.map((file) => checkUploadFile({ file, maxBytes }));
      // Only files that will be sent can pair up; a refused one is shown alone with its reason.
      const heads = await Promise.all(
        files.map((file, index) =>
          localErrors[index] === null && file.name.toLowerCase().endsWith(".csv")
            ? readHead(file)
            : null,
        ),
      );
      const plan = planUploads(
        files.map((file, index) => ({ name: file.name, head: heads[index] })),
      );
      const started = plan.map(({ file: fileIndex, nodes: nodesIndex }) => {
        const file = files[fileIndex];
        const nodes = nodesIndex === undefined ? undefined : files[nodesIndex];
        const localError = localErrors[fileIndex];
        const upload: DatasetUpload = {
          uploadId: `upload-${++nextUploadNumber.current}`,
          projectId,
          fileName: file.name,
          nodesFileName: nodes?.name ?? null,
          bytes: file.size + (nodes?.size ?? 0),
          phase: localError ? "failed" : "uploading",
          percent: 0,
          checkedLocally: localError !== null,
          error: localError,
          dataset: null,
        };
        return { upload, file, nodes };
      });
      // Newest first, so the outcome of what was just chosen is where the eye already is.
      setUploads((current) => [...started.map(({ upload }) => upload).reverse(), ...current]);

      for (const { upload, file, nodes } of started) {
        if (upload.phase === "failed") continue;
        const controller = new AbortController();
        controllers.current.set(upload.uploadId, controller);
        uploadDataset({
          projectId,
          file,
          nodes,
          signal: controller.signal,
          onProgress: (fraction) => update(upload.uploadId, { percent: fraction * 100 }),
          onSent: () => update(upload.uploadId, { percent: 100, phase: "processing" }),
        })
          .then((dataset) => {
            update(upload.uploadId, { phase: "succeeded", percent: 100, dataset });
            return queryClient.invalidateQueries({ queryKey: queryKeys.datasets(projectId) });
          })
          .catch((error: unknown) => {
            update(upload.uploadId, { phase: "failed", error: describeError(error) });
          })
          .finally(() => controllers.current.delete(upload.uploadId));
      }
    },
    [maxBytes, queryClient, update],
  );

  const cancelUpload = useCallback((uploadId: string) => {
    controllers.current.get(uploadId)?.abort();
  }, []);

  const dismissUpload = useCallback((uploadId: string) => {
    setUploads((current) => current.filter((upload) => upload.uploadId !== uploadId));
  }, []);

  const clearFinished = useCallback(() => {
    setUploads((current) =>
      current.filter((upload) => upload.phase === "uploading" || upload.phase === "processing"),
    );
  }, []);

  return { uploads, startUploads, cancelUpload, dismissUpload, clearFinished };
}

// The header and a line or two are enough to tell a node table from an edge table.
const headBytes = 4096;

async function readHead(file: File): Promise<string | null> {
  try {
    return await file.slice(0, headBytes).text();
  } catch {
    // An unreadable file is sent alone; the server says what is wrong with it.
    return null;
  }
}
