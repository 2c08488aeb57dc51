"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  knowledgeProposalDecisionSchema,
  knowledgeProposalListSchema,
  knowledgeSearchSchema,
  type MemoryStore,
  memoryListSchema,
  profileSchema,
} from "@/lib/contracts/memory";
import { errorFromResponse } from "./api/error-from-response";
import { fetchJson } from "./api/fetch-json";
import { memoryQueryKeys } from "./api/memory-query-keys";

const jsonInit = (method: string, body: unknown = {}): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** One store's records, text-searched with `q` (MEM-5). */
export function useMemoryRecords(input: { store: MemoryStore; q: string }) {
  const params = new URLSearchParams({ store: input.store, page_size: "200" });
  if (input.q) params.set("q", input.q);
  if (input.store === "profile" || input.store === "memories") {
    params.set("include_superseded", "true");
  }
  // Proposed knowledge has its own list (accept or discard) below the records: listing it here
  // too showed every proposal twice.
  if (input.store === "knowledge") params.set("kind", "active");
  return useQuery({
    queryKey: memoryQueryKeys.list(input.store, input.q),
    queryFn: () => fetchJson({ url: `/api/memories?${params}`, schema: memoryListSchema }),
  });
}

/** The owner's profile (live preferences). */
export function useProfile() {
  return useQuery({
    queryKey: memoryQueryKeys.profile,
    queryFn: () => fetchJson({ url: "/api/profile", schema: profileSchema }),
  });
}

/** Knowledge proposals waiting for a person (PROPOSE mode). */
export function useKnowledgeProposals() {
  return useQuery({
    queryKey: memoryQueryKeys.proposals,
    queryFn: () =>
      fetchJson({
        url: "/api/knowledge/proposals",
        schema: knowledgeProposalListSchema,
      }),
    select: (data) => data.proposals,
  });
}

/** What hybrid retrieval returns for a query, with both ranks and the fused score. */
export function useKnowledgeSearch(q: string) {
  return useQuery({
    queryKey: memoryQueryKeys.search(q),
    enabled: q.trim().length > 0,
    queryFn: () =>
      fetchJson({
        url: `/api/knowledge/search?q=${encodeURIComponent(q)}&k=5`,
        schema: knowledgeSearchSchema,
      }),
  });
}

/** Delete, save the profile, decide a proposal; each refreshes every memory view. */
export function useMemoryActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: memoryQueryKeys.all });
  const remove = useMutation({
    mutationFn: async (memoryId: string) => {
      const response = await fetch(`/api/memories/${encodeURIComponent(memoryId)}`, {
        method: "DELETE",
      });
      if (!response.ok) {
        throw errorFromResponse({ status: response.status, bodyText: await response.text() });
      }
    },
    onSettled: refresh,
  });
  const saveProfile = useMutation({
    mutationFn: (preferences: { memory_id?: string; text: string }[]) =>
      fetchJson({
        url: "/api/profile",
        schema: profileSchema,
        init: jsonInit("PUT", { preferences }),
      }),
    onSuccess: refresh,
  });
  const decide = useMutation({
    mutationFn: (input: { id: string; decision: "accept" | "discard" }) =>
      fetchJson({
        url: `/api/knowledge/proposals/${encodeURIComponent(input.id)}/${input.decision}`,
        schema: knowledgeProposalDecisionSchema,
        init: jsonInit("POST"),
      }),
    onSuccess: refresh,
  });
  return { remove, saveProfile, decide };
}
