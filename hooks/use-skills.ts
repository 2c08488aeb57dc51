"use client";

import { useQuery } from "@tanstack/react-query";
import { skillDetailSchema, skillListSchema } from "@/lib/contracts/skill";
import { fetchJson } from "./api/fetch-json";
import { skillsQueryKeys } from "./api/skills-query-keys";

/** Every skill the owner sees: built-in, their own, the review queue. */
export function useSkills() {
  return useQuery({
    queryKey: skillsQueryKeys.all,
    queryFn: () => fetchJson({ url: "/api/skills", schema: skillListSchema }),
    select: (data) => data.skills,
  });
}

/** One skill's full content and files. */
export function useSkill(selection: { name: string; source: string } | null) {
  return useQuery({
    queryKey: skillsQueryKeys.detail(selection?.source ?? "", selection?.name ?? ""),
    enabled: selection !== null,
    queryFn: () =>
      fetchJson({
        url: `/api/skills/${encodeURIComponent(selection?.name ?? "")}?source=${encodeURIComponent(selection?.source ?? "")}`,
        schema: skillDetailSchema,
      }),
  });
}
