"use client";

import type { DatasetUpload } from "@/hooks/use-dataset-uploads";
import { formatBytes } from "../../lib/text/format-bytes";
import { quietButtonClass } from "../ui/button-styles";
import { ProgressBar } from "../ui/progress-bar";

/** One file's upload: its progress, then either the stored dataset or the server's reason. */
export function DatasetUploadItem({
  upload,
  onCancel,
  onDismiss,
}: {
  upload: DatasetUpload;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const isRunning = upload.phase === "uploading" || upload.phase === "processing";
  return (
    <li
      data-testid="upload-item"
      data-phase={upload.phase}
      data-file-name={upload.fileName}
      data-nodes-file-name={upload.nodesFileName ?? undefined}
      className={`rounded-md border p-3 text-sm ${
        upload.phase === "failed"
          ? "border-red-200 bg-red-50"
          : upload.phase === "succeeded"
            ? "border-emerald-200 bg-emerald-50"
            : "border-slate-200 bg-white"
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 truncate font-medium text-slate-900">
          {upload.fileName}
          {upload.nodesFileName ? (
            <span className="font-normal text-slate-700" data-testid="upload-node-table">
              {" "}
              with node table {upload.nodesFileName}
            </span>
          ) : null}{" "}
          <span className="font-normal text-slate-600">({formatBytes(upload.bytes)})</span>
        </p>
        {isRunning ? (
          <button type="button" className={quietButtonClass} onClick={onCancel}>
            Cancel<span className="sr-only"> upload of {upload.fileName}</span>
          </button>
        ) : (
          <button type="button" className={quietButtonClass} onClick={onDismiss}>
            Dismiss<span className="sr-only"> {upload.fileName}</span>
          </button>
        )}
      </div>
      {upload.checkedLocally ? null : (
        <div className="mt-2">
          <ProgressBar
            value={upload.percent}
            label={`Upload of ${upload.fileName}`}
            tone={
              upload.phase === "failed"
                ? "failure"
                : upload.phase === "succeeded"
                  ? "success"
                  : "active"
            }
            testId="upload-progress"
          />
        </div>
      )}
      <p className="mt-2 text-xs" data-testid="upload-status">
        {upload.phase === "uploading" ? `Uploading… ${Math.round(upload.percent)}%` : null}
        {upload.phase === "processing" ? "Sent; the server is checking the file…" : null}
        {upload.phase === "succeeded" && upload.dataset ? (
          <span className="text-emerald-800">
            Uploaded as “{upload.dataset.name}” ({upload.dataset.kind.toUpperCase()})
            {upload.nodesFileName ? ", one dataset with its node table" : ""}.
          </span>
        ) : null}
        {upload.phase === "failed" && upload.error ? (
          <span className="text-red-800" data-testid="upload-error">
            {upload.error.message}{" "}
            <code
              className="rounded bg-red-100 px-1 py-0.5 font-mono"
              data-testid="upload-error-code"
            >
              {upload.error.code}
            </code>
            {upload.checkedLocally ? " (checked before sending; nothing was uploaded)" : null}
          </span>
        ) : null}
      </p>
    </li>
  );
}
