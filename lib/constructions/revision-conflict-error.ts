import { ApiError } from "@/lib/errors/api-error";

/** REVISION_CONFLICT: an optimisation's base revision is no longer the dataset's newest ready one (AP-5). */
export class RevisionConflictError extends ApiError {
  constructor(input: { baseRevision: number; latestRevision: number | null }) {
    super({
      code: "REVISION_CONFLICT",
      message: `Revision ${input.baseRevision} is no longer the newest ready revision of the dataset (newest: ${input.latestRevision ?? "none"}). Re-read the graph, preview again and ask for a new approval.`,
      details: { base_revision: input.baseRevision, latest_revision: input.latestRevision },
    });
  }
}
