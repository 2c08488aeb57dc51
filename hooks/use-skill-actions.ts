"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvedSkillSchema, rejectedSkillSchema } from "@/lib/contracts/skill";
import { errorFromResponse } from "./api/error-from-response";
import { fetchJson } from "./api/fetch-json";
import { skillsQueryKeys } from "./api/skills-query-keys";
import { uploadSkill } from "./api/upload-skill";

const jsonInit = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** Approve, reject, delete and upload, each refreshing the list when it succeeds. */
export function useSkillActions() {
  const client = useQueryClient();
  // Only the list: a skill that moved or went away must not have its old detail refetched (a
  // 404) while its panel is still on screen; the caller selects what comes next.
  const refresh = () => client.invalidateQueries({ queryKey: skillsQueryKeys.all, exact: true });
  const approve = useMutation({
    mutationFn: (input: { name: string; targetName?: string; playbookId?: string }) =>
      fetchJson({
        url: `/api/skills/candidates/${encodeURIComponent(input.name)}/approve`,
        schema: approvedSkillSchema,
        init: jsonInit("POST", {
          ...(input.targetName ? { target_name: input.targetName } : {}),
          ...(input.playbookId ? { playbook_id: input.playbookId } : {}),
        }),
      }),
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: (input: { name: string; reason?: string; remove: boolean }) =>
      fetchJson({
        url: `/api/skills/candidates/${encodeURIComponent(input.name)}/reject`,
        schema: rejectedSkillSchema,
        init: jsonInit("POST", { reason: input.reason || undefined, delete: input.remove }),
      }),
    onSuccess: async (_answer, input) => {
      await refresh();
      // A kept rejection changes the candidate's own record (status, reason).
      if (!input.remove) {
        await client.invalidateQueries({
          queryKey: skillsQueryKeys.detail("candidate", input.name),
        });
      }
    },
  });
  const remove = useMutation({
    mutationFn: async (input: { name: string; source: string }) => {
      const response = await fetch(
        `/api/skills/${encodeURIComponent(input.name)}?source=${encodeURIComponent(input.source)}`,
        { method: "DELETE" },
      );
      if (!response.ok) {
        throw errorFromResponse({ status: response.status, bodyText: await response.text() });
      }
    },
    onSuccess: refresh,
  });
  const upload = useMutation({
    mutationFn: (input: {
      file: File;
      target: "user" | "review_queue";
      onProgress: (fraction: number) => void;
    }) => uploadSkill(input),
    onSuccess: refresh,
  });
  return { approve, reject, remove, upload };
}
