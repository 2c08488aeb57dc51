"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectSchema } from "@/lib/contracts/project";
import { fetchJson } from "./api/fetch-json";
import { queryKeys } from "./query-keys";

/** Creates a project and refreshes the project list so the switcher shows it at once. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      fetchJson({
        url: "/api/projects",
        schema: projectSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name }),
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
