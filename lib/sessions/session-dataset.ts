import "server-only";
import { findDatasetNames } from "@/lib/db/queries/datasets";
import type { SessionDataset } from "./session-json";

/** The dataset a question attached last (a run's `attachments` is the ids in order). */
export function lastAttachedDatasetId(attachments: unknown): string | null {
  if (!Array.isArray(attachments)) return null;
  const ids = attachments.filter((id): id is string => typeof id === "string" && id.length > 0);
  return ids.at(-1) ?? null;
}

/**
 * Names the datasets sessions attached, in one read: for each session without a bound dataset,
 * the dataset its latest question attached (null when there is none, or it was deleted).
 */
export async function resolveAttachedDatasets(input: {
  ownerId: string;
  attachedIds: (string | null)[];
}): Promise<(SessionDataset | null)[]> {
  const wanted = [...new Set(input.attachedIds.filter((id): id is string => id !== null))];
  const names = await findDatasetNames({ ownerId: input.ownerId, datasetIds: wanted });
  return input.attachedIds.map((id) => {
    const name = id ? names.get(id) : undefined;
    return id && name !== undefined ? { id, name } : null;
  });
}
