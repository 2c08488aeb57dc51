/** What a cancel request names: exactly one of a run and a start request (RC-3). */
export type CancelTarget = { runId?: string; startRequestId?: string };

/** The refusal of a cancel that names no target or both. */
export const invalidCancelTargetMessage = "Give exactly one of run_id and start_request_id.";

/** True when the request names exactly one target. */
export function hasOneCancelTarget(target: CancelTarget): boolean {
  return (target.runId === undefined) !== (target.startRequestId === undefined);
}

export type CancelBinding =
  | { kind: "new" }
  | { kind: "repeat" }
  | { kind: "conflict"; details: Record<string, unknown> };

/**
 * A cancel_request_id is bound to the one target it was first sent with (RC-3): a new id is
 * recorded with its target, the same id again is a repeat, another target (or another owner's
 * id, which is never named) is a conflict.
 */
export function decideCancelBinding(input: {
  existing: { ownerId: string; runId: string | null; startRequestId: string | null } | null;
  request: CancelTarget & { ownerId: string; cancelRequestId: string };
}): CancelBinding {
  const { existing, request } = input;
  if (!existing) return { kind: "new" };
  const sameTarget =
    existing.ownerId === request.ownerId &&
    (existing.runId ?? undefined) === request.runId &&
    (existing.startRequestId ?? undefined) === request.startRequestId;
  if (sameTarget) return { kind: "repeat" };
  return {
    kind: "conflict",
    details: {
      cancel_request_id: request.cancelRequestId,
      bound_to:
        existing.ownerId === request.ownerId
          ? existing.runId
            ? { run_id: existing.runId }
            : { start_request_id: existing.startRequestId }
          : "another target",
    },
  };
}
