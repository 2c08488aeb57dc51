"use client";

import type { DatasetUpload } from "@/hooks/use-dataset-uploads";
import { quietButtonClass } from "../ui/button-styles";
import { DatasetUploadItem } from "./dataset-upload-item";

/** This session's uploads for the current project, newest first. */
export function DatasetUploadList({
  uploads,
  onCancel,
  onDismiss,
  onClearFinished,
}: {
  uploads: DatasetUpload[];
  onCancel: (uploadId: string) => void;
  onDismiss: (uploadId: string) => void;
  onClearFinished: () => void;
}) {
  if (uploads.length === 0) return null;
  const hasFinished = uploads.some(
    (upload) => upload.phase === "succeeded" || upload.phase === "failed",
  );
  return (
    <section aria-labelledby="upload-list-heading" className="mt-4" data-testid="upload-list">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="upload-list-heading" className="text-sm font-semibold text-slate-800">
          Uploads
        </h2>
        {hasFinished ? (
          <button type="button" className={quietButtonClass} onClick={onClearFinished}>
            Clear finished
          </button>
        ) : null}
      </div>
      <ul className="space-y-2">
        {uploads.map((upload) => (
          <DatasetUploadItem
            key={upload.uploadId}
            upload={upload}
            onCancel={() => onCancel(upload.uploadId)}
            onDismiss={() => onDismiss(upload.uploadId)}
          />
        ))}
      </ul>
    </section>
  );
}
