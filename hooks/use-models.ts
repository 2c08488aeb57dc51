"use client";

import { useQuery } from "@tanstack/react-query";
import { modelListSchema } from "@/lib/contracts/model-catalogue";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";

/** The model catalogue with the default and what each unconfigured model is missing. */
export function useModels() {
  return useQuery({
    queryKey: chatQueryKeys.models,
    queryFn: () => fetchJson({ url: "/api/models", schema: modelListSchema }),
    staleTime: 60_000,
  });
}
