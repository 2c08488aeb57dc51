"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionWatchListSchema, sessionWatchSchema } from "@/lib/contracts/rerun";
import { ApiRequestError } from "./api/api-request-error";
import { errorFromResponse } from "./api/error-from-response";
import { fetchJson } from "./api/fetch-json";
import { rerunQueryKeys } from "./api/rerun-query-keys";

/** The datasets a conversation watches, and turning a watch on or off. */
export function useSessionWatches(sessionId: string) {
  const queryClient = useQueryClient();
  const url = `/api/sessions/${encodeURIComponent(sessionId)}/watch`;
  const watches = useQuery({
    queryKey: rerunQueryKeys.watches(sessionId),
    queryFn: () => fetchJson({ url, schema: sessionWatchListSchema }),
    select: (data) => data.watches,
  });
  const toggle = useMutation({
    mutationFn: async (input: { datasetId: string; watch: boolean }) => {
      if (input.watch) {
        await fetchJson({
          url,
          schema: sessionWatchSchema,
          init: {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ dataset_id: input.datasetId }),
          },
        });
        return;
      }
      let response: Response;
      try {
        response = await fetch(`${url}?dataset_id=${encodeURIComponent(input.datasetId)}`, {
          method: "DELETE",
        });
      } catch {
        throw new ApiRequestError({
          status: 0,
          code: "NETWORK_ERROR",
          message: "The server could not be reached. Check that the app is running.",
        });
      }
      if (!response.ok) {
        throw errorFromResponse({ status: response.status, bodyText: await response.text() });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rerunQueryKeys.watches(sessionId) }),
  });
  return { watches, toggle };
}
