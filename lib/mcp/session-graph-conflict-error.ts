import { ApiError } from "@/lib/errors/api-error";

/**
 * REVISION_CONFLICT: a change of the session's graph was derived from a persisted generation
 * that another instance replaced before it was saved, so it was not saved (never overwriting the
 * newer state). Changes that depend on nothing but the state they apply to retry on the new
 * state instead (retryOnSessionGraphConflict); the others answer this.
 */
export class SessionGraphConflictError extends ApiError {
  constructor(input: { derivedFrom: number | null; generation: number | null }) {
    super({
      code: "REVISION_CONFLICT",
      message:
        input.generation === null
          ? "The session's graph state was deleted by another call while this one ran; this call's change of the session graph was not saved. Load a graph again."
          : "The session's graph was changed by another call while this one ran; this call's change of the session graph was not saved. Read it again (get_graph_info) and repeat the call on the current graph.",
      details: { derived_from_generation: input.derivedFrom, current_generation: input.generation },
    });
  }
}
