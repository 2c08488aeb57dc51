"use client";

import { useQuery } from "@tanstack/react-query";
import { projectListSchema } from "@/lib/contracts/project";
import { fetchJson } from "./api/fetch-json";
import { queryKeys } from "./query-keys";

/** The owner's projects, in the order the server lists them (the first one is the default). */
export function useProjects() {
  return useQuery({
    queryKey: queryKeys.projects,
    queryFn: () => fetchJson({ url: "/api/projects", schema: projectListSchema }),
    select: (data) => data.projects,
  });
}
