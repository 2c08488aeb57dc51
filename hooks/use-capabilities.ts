"use client";

import { useQuery } from "@tanstack/react-query";
import { capabilitiesSchema } from "@/lib/contracts/capabilities";
import { fetchJson } from "./api/fetch-json";
import { queryKeys } from "./query-keys";

/** What this server supports (upload limit, optional features); it does not change while running. */
export function useCapabilities() {
  return useQuery({
    queryKey: queryKeys.capabilities,
    queryFn: () => fetchJson({ url: "/api/capabilities", schema: capabilitiesSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
