"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvalDecisionResponseSchema } from "@/lib/contracts/approval-record";
import { chatQueryKeys } from "./api/chat-query-keys";
import { fetchJson } from "./api/fetch-json";

/** What a person decided about a paused step (AP-2). */
export type ApprovalDecisionInput =
  | { decision: "approve" }
  | { decision: "reject"; reason?: string }
  | { decision: "modify"; patchedArgs: Record<string, unknown> };

/**
 * Sends an approval decision (`POST /api/runs/{id}/approvals`). The body names the call and tool
 * the card shows, so the server can refuse a stale card (409 APPROVAL_CONFLICT, AP-3). A 202
 * means the same run continues; the caller reopens its event stream. Sending the same decision
 * again after a lost answer is safe: the server answers accepted/processing, never runs it twice.
 */
export function useApprovalDecision({
  runId,
  toolCallId,
  toolName,
}: {
  runId: string;
  toolCallId: string;
  toolName: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalDecisionInput) =>
      fetchJson({
        url: `/api/runs/${encodeURIComponent(runId)}/approvals`,
        schema: approvalDecisionResponseSchema,
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            tool_call_id: toolCallId,
            tool_name: toolName,
            decision: input.decision,
            ...(input.decision === "modify" ? { patched_args: input.patchedArgs } : {}),
            ...(input.decision === "reject" && input.reason ? { reason: input.reason } : {}),
          }),
        },
      }),
    // The session's `can_send` and active run change with the decision (paused → running).
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.allSessions }),
  });
}
