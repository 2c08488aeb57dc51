"use client";

import type { DatasetUpload } from "@/hooks/use-dataset-uploads";

/**
 * Screen-reader summary of finished uploads. A separate polite live region, because making the
 * list itself live would read out every progress tick.
 */
export function UploadAnnouncer({ uploads }: { uploads: DatasetUpload[] }) {
  const latest = uploads.find(
    (upload) => upload.phase === "succeeded" || upload.phase === "failed",
  );
  let message = "";
  if (latest?.phase === "succeeded") {
    message = latest.nodesFileName
      ? `${latest.fileName} uploaded with its node table ${latest.nodesFileName}, as one dataset.`
      : `${latest.fileName} uploaded.`;
  }
  if (latest?.phase === "failed" && latest.error)
    message = `${latest.fileName} was not uploaded: ${latest.error.message}`;
  return (
    <div aria-live="polite" className="sr-only">
      {message}
    </div>
  );
}
