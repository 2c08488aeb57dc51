"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Dataset } from "@/lib/contracts/dataset";
import { describeError } from "./api/api-request-error";
import { checkUploadFile } from "./api/check-upload-file";
import { uploadDataset } from "./api/upload-dataset";
import { queryKeys } from "./query-keys";

export type UploadPhase = "uploading" | "processing" | "succeeded" | "failed";

export type DatasetUpload = {
  uploadId: string;
  projectId: string;
  fileName: string;
  bytes: number;
  phase: UploadPhase;
  /** 0..100, bytes of the request body sent so far. */
  percent: number;
  /** True when the browser refused the file without sending it. */
  checkedLocally: boolean;
  error: { code: string; message: string } | null;
  dataset: Dataset | null;
};

/** Uploads files in parallel and keeps each one's progress and outcome for display. */
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
    ({ projectId, files }: { projectId: string; files: File[] }) => {
      const started = files.map((file): DatasetUpload & { file: File } => {
        const localError = checkUploadFile({ file, maxBytes });
        return {
          file,
          uploadId: `upload-${++nextUploadNumber.current}`,
          projectId,
          fileName: file.name,
          bytes: file.size,
          phase: localError ? "failed" : "uploading",
          percent: 0,
          checkedLocally: localError !== null,
          error: localError,
          dataset: null,
        };
      });
      // Newest first, so the outcome of what was just chosen is where the eye already is.
      setUploads((current) => [
        ...started.map(({ file: _file, ...upload }) => upload).reverse(),
        ...current,
      ]);

      for (const upload of started) {
        if (upload.phase === "failed") continue;
        const controller = new AbortController();
        controllers.current.set(upload.uploadId, controller);
        uploadDataset({
          projectId,
          file: upload.file,
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
