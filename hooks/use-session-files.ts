"use client";

import { useQuery } from "@tanstack/react-query";
import { sessionFilesSchema } from "@/lib/contracts/workspace-files";
import { fetchJson } from "./api/fetch-json";
import { resultsQueryKeys } from "./api/results-query-keys";

/** A session's workspace files (all areas); fetched only while the files panel is open. */
export function useSessionFiles({ sessionId, enabled }: { sessionId: string; enabled: boolean }) {
  return useQuery({
    queryKey: resultsQueryKeys.sessionFiles(sessionId),
    queryFn: () =>
      fetchJson({
        url: `/api/sessions/${encodeURIComponent(sessionId)}/files`,
        schema: sessionFilesSchema,
      }),
    enabled,
  });
}

/** Where one file downloads (owner-checked on the server; never a path). */
export function fileDownloadUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}`;
}
